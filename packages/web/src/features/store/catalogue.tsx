import {
  consumingTypeLabels,
  discountModeLabels,
  gameLabel,
  giftPackColourLabels,
  giftPackResource,
  type PriceLevel,
  priceLevelResource,
  productResource,
  purchaseItemResource,
  resourceKinds,
  storeKindLabels,
  storePlatformLabels,
  storeResource,
} from '@rookery/contracts';
import { Button, Form, Select, Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { EndpointPicker } from '../../crud/EndpointPicker';
import { FieldParts } from '../../crud/form-items';
import { readList } from '../../crud/list-shape';
import { endpointsOf } from '../../crud/resource/endpoints';
import { resourceScreen } from '../../crud/resource/screen';
import { NumberInput } from '../../crud/schema-fields';
import { currentLocale } from '../../i18n';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { RewardsEditor } from '../shared/RewardsEditor';
import { conditionsText, MoneyFields, PickerRows, rewardsText, storeConfirm } from './common';
import './texts';
import { PurchaseItemPicker } from '../shared/PurchaseItemPicker';

const numberFormat = () => new Intl.NumberFormat(currentLocale());
const limitText = (n: number, t: TFunction) => (n > 0 ? numberFormat().format(n) : t('store.unlimited'));

/** The purchase limit, level gate and conditions every sellable thing has, declared once. */
const targeting = {
  fields: ['repurchaseLimit', ['minLevel', 'maxLevel'], 'conditions'],
  widgets: {
    maxLevel: <NumberInput style={{ width: 160 }} />,
    conditions: <ConditionsEditor />,
  },
  hints: { repurchaseLimit: 'store.repurchaseHint', maxLevel: 'store.maxLevelHint' },
} as const;

const targetingBlank = { repurchaseLimit: 0, minLevel: 0, maxLevel: null, conditions: [] };

/** A price level's prices: a currency and an amount a row. */
function PriceRows() {
  const { t } = useTranslation();
  return (
    <Form.List name="prices">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {rows.map((row) => (
            <Space key={row.key} align="baseline" wrap>
              <MoneyFields path={[row.name]} testId={`price-${row.name}`} />
              <Button onClick={() => remove(row.name)}>{t('store.price.remove')}</Button>
            </Space>
          ))}
          <Button onClick={() => add({ currency: '', amount: undefined })}>{t('store.price.add')}</Button>
        </Space>
      )}
    </Form.List>
  );
}

/** `/purchase/product/pricelevel`: a tier's store SKU and prices on one platform. */
export const priceLevelScreen = resourceScreen({
  resource: priceLevelResource,
  entity: 'store.price.entity',
  render: {
    platform: (row) => storePlatformLabels[row.platform][currentLocale()],
    prices: (row) =>
      row.prices
        .map((p) =>
          new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: p.currency }).format(p.amount),
        )
        .join(' · '),
  },
  blank: { platform: 'ios', prices: [{ currency: 'USD', amount: 0.99 }] },
  fields: ['name', 'tier', 'platform', 'sku', 'prices'],
  widgets: { prices: <PriceRows /> },
});

/** A price level tier, picked from the price levels a page at a time (a tier shows once). */
function TierPicker(props: { value?: string; onChange?: (tier: string | undefined) => void; id?: string }) {
  return (
    <EndpointPicker<PriceLevel & { platform: string }, string>
      id={props.id}
      endpoint={endpointsOf(priceLevelResource).list}
      searchParam="search"
      rowValue={(row) => row.tier}
      rowLabel={(row) => row.tier}
      value={props.value}
      onChange={props.onChange}
      style={{ maxWidth: 320 }}
      testId="item-price-level"
    />
  );
}

/** The chosen tier's prices on each platform, read from the price levels. */
function TierHint() {
  const { t } = useTranslation();
  const tier = Form.useWatch('priceLevel');
  const levels = useEndpointQuery(
    endpointsOf(priceLevelResource).list,
    { query: { search: tier ?? '', pageSize: 20 } },
    { enabled: !!tier },
  );
  const rows = readList<PriceLevel>(levels.data).rows.filter((r) => r.tier === tier);
  if (!tier || rows.length === 0) return t('store.item.tierHint');
  return rows
    .map(
      (r) =>
        `${storePlatformLabels[r.platform][currentLocale()]}: ${r.prices
          .map((p) =>
            new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: p.currency }).format(p.amount),
          )
          .join(' · ')}`,
    )
    .join('; ');
}

/** `/purchase/plist`: IAP items (the spec's purchase items) on their price level. */
export const purchaseItemScreen = resourceScreen({
  resource: purchaseItemResource,
  entity: 'store.item.entity',
  render: {
    consumingType: (row) => consumingTypeLabels[row.consumingType][currentLocale()],
    isGiftPack: (row, t) => (row.isGiftPack ? <Tag color="magenta">{t('store.item.isGiftPack')}</Tag> : '—'),
    rewards: (row) => rewardsText(row.rewards),
    conditions: (row, t) => conditionsText(row.conditions, t),
    repurchaseLimit: (row, t) => limitText(row.repurchaseLimit, t),
  },
  blank: {
    isIAP: true,
    isGiftPack: false,
    consumingType: 'consumable',
    rewards: [{ kind: 'gem', amount: 100 }],
    description: '',
    ...targetingBlank,
  },
  confirm: (after, _before, t) => storeConfirm(String(after.id ?? t('store.item.new')), after.conditions, t),
  fields: [
    'title',
    'description',
    'priceLevel',
    'consumingType',
    'isIAP',
    'isGiftPack',
    'rewards',
    ...targeting.fields,
  ],
  widgets: {
    priceLevel: ({ itemProps }) => (
      <Form.Item {...itemProps('priceLevel')} extra={<TierHint />}>
        <TierPicker />
      </Form.Item>
    ),
    rewards: <RewardsEditor name="rewards" />,
    ...targeting.widgets,
  },
  hints: targeting.hints,
});

/** `/purchase/product/list`: products sold for in-game currency. */
export const productScreen = resourceScreen({
  resource: productResource,
  entity: 'store.product.entity',
  render: {
    cost: (row) => `${gameLabel(row.cost.kind, currentLocale())} × ${numberFormat().format(row.cost.amount)}`,
    rewards: (row) => rewardsText(row.rewards),
    conditions: (row, t) => conditionsText(row.conditions, t),
    repurchaseLimit: (row, t) => limitText(row.repurchaseLimit, t),
  },
  blank: {
    description: '',
    cost: { kind: 'gem', amount: 10 },
    rewards: [{ kind: 'coin', amount: 1000 }],
    ...targetingBlank,
  },
  confirm: (after, _before, t) => storeConfirm(after.name, after.conditions, t),
  fields: ['name', 'title', 'description', 'cost', 'rewards', ...targeting.fields],
  widgets: {
    cost: ({ itemProps }) => {
      const { t } = useTranslation();
      return (
        <Form.Item {...itemProps('cost')}>
          <FieldParts>
            <Form.Item name={['cost', 'kind']} noStyle>
              <Select
                aria-label={t('store.product.costKind')}
                showSearch={{ optionFilterProp: 'label' }}
                options={resourceKinds.map((k) => ({ value: k, label: gameLabel(k, currentLocale()) }))}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item name={['cost', 'amount']} noStyle>
              <NumberInput
                aria-label={t('store.product.costAmount')}
                style={{ width: 160 }}
                data-testid="product-cost"
              />
            </Form.Item>
          </FieldParts>
        </Form.Item>
      );
    },
    rewards: <RewardsEditor name="rewards" />,
    ...targeting.widgets,
  },
  hints: targeting.hints,
});

/** `/purchase/product/giftCode`: the gift-pack catalogue (not gift codes). */
export const giftPackScreen = resourceScreen({
  resource: giftPackResource,
  entity: 'store.gift.entity',
  render: {
    discountMode: (row) => discountModeLabels[row.discountMode][currentLocale()],
    discount: (row, t) =>
      row.discountMode === 'percent'
        ? t('store.gift.percentOff', { value: row.discount })
        : t('store.gift.timesValue', { value: row.discount }),
    colour: (row) => giftPackColourLabels[row.colour][currentLocale()],
    isEffective: (row, t) => (row.isEffective ? <Tag color="green">{t('store.gift.isEffective')}</Tag> : '—'),
    conditions: (row, t) => conditionsText(row.conditions, t),
    repurchaseLimit: (row, t) => limitText(row.repurchaseLimit, t),
  },
  blank: { discountMode: 'percent', discount: 20, isEffective: true, weight: 10, colour: 'Orange', ...targetingBlank },
  confirm: (after, _before, t) => storeConfirm(after.name, after.conditions, t),
  fields: ['name', 'purchaseId', 'discountMode', 'discount', 'weight', 'colour', 'isEffective', ...targeting.fields],
  widgets: {
    purchaseId: <PurchaseItemPicker testId="gift-item" />,
    discount: <NumberInput step={1} style={{ width: 160 }} data-testid="gift-discount" />,
    ...targeting.widgets,
  },
  hints: targeting.hints,
});

/** A store's slots: ordered rows, each naming a product picked a page at a time. */
function SlotsEditor() {
  const { t } = useTranslation();
  return (
    <PickerRows
      name="slots"
      field="product"
      resource={productResource}
      labelOf={(p) => `${p.name} · ${p.title}`}
      ordered
      rowLabel={(i) => t('store.shop.slot', { n: i + 1 })}
      testId="store-slot"
      addLabel={t('store.shop.addSlot')}
    />
  );
}

/** `/purchase/product/store`: stores with ordered slots and a refresh schedule. */
export const storeScreen = resourceScreen({
  resource: storeResource,
  entity: 'store.shop.entity',
  render: {
    kind: (row) => storeKindLabels[row.kind][currentLocale()],
    slots: (row) => row.slots.map((s) => s.product).join(', '),
    conditions: (row, t) => conditionsText(row.conditions, t),
  },
  blank: { kind: 'static', slots: [], refreshHours: 24, shown: 4, conditions: [] },
  confirm: (after, _before, t) => storeConfirm(after.name, after.conditions, t),
  fields: ['name', 'title', 'kind', 'slots', ['refreshHours', 'shown'], 'conditions'],
  widgets: { slots: <SlotsEditor />, conditions: <ConditionsEditor /> },
});

/** The fixed stores on pages of their own (`product/staticStore`, `staticStoreAdd`). */
/** Products that need a level (`product/level`): minimum level 1 or more; a new one starts at 1. */
export const levelProductScreen = resourceScreen({
  ...productScreen,
  blank: { ...productScreen.blank, minLevel: 1 },
  part: { fixed: { minLevelMin: '1' }, routes: { list: 'productLevel' } },
});

export const staticStoreScreen = resourceScreen({
  ...storeScreen,
  blank: { ...storeScreen.blank, kind: 'static' },
  part: { fixed: { kind: 'static' }, routes: { list: 'productStaticStore', create: 'staticStoreAdd' } },
});
