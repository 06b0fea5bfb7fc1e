import {
  consumingTypeLabels,
  consumingTypes,
  discountModeLabels,
  discountModes,
  gameLabel,
  giftPackColourLabels,
  giftPackColours,
  giftPackResource,
  type PriceLevel,
  priceLevelResource,
  productResource,
  purchaseItemResource,
  resourceKinds,
  storeKindLabels,
  storeKinds,
  storePlatformLabels,
  storePlatforms,
  storeResource,
} from '@rookery/contracts';
import { Button, Form, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { EndpointPicker } from '../../crud/EndpointPicker';
import { FieldParts } from '../../crud/form-items';
import { readList } from '../../crud/list-shape';
import { endpointsOf } from '../../crud/resource/endpoints';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { resourceScreen } from '../../crud/resource/screen';
import { LongText, TextInput } from '../../crud/schema-fields';
import { currentLocale } from '../../i18n';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { RewardsEditor } from '../shared/RewardsEditor';
import { conditionsText, MoneyFields, PickerRows, rewardsText, storeConfirm } from './common';
import './texts';

const numberFormat = () => new Intl.NumberFormat(currentLocale());
const limitText = (n: number, t: TFunction) => (n > 0 ? numberFormat().format(n) : t('store.unlimited'));
const enumOptions = <K extends string>(values: readonly K[], labels: Record<K, { 'zh-CN': string; 'en-US': string }>) =>
  values.map((v) => ({ value: v, label: labels[v][currentLocale()] }));

/** The level gate, purchase limit and conditions every sellable thing has. */
function Targeting({ itemProps }: { itemProps: (name: string) => object }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item {...itemProps('repurchaseLimit')} extra={t('store.repurchaseHint')}>
        <InputNumber<number> min={0} max={1000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Space wrap>
        <Form.Item {...itemProps('minLevel')}>
          <InputNumber<number> min={0} max={1000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item {...itemProps('maxLevel')} extra={t('store.maxLevelHint')}>
          <InputNumber<number> min={0} max={1000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Form.Item {...itemProps('conditions')}>
        <ConditionsEditor />
      </Form.Item>
    </>
  );
}

const targetingLabels = {
  repurchaseLimit: 'store.repurchaseLimit',
  minLevel: 'store.minLevel',
  maxLevel: 'store.maxLevel',
  conditions: 'store.conditions',
} as const;
const targetingBlank = { repurchaseLimit: 0, minLevel: 0, maxLevel: null, conditions: [] };

/** `/purchase/product/pricelevel`: a tier's store SKU and prices on one platform. */
export const priceLevelScreen = resourceScreen({
  resource: priceLevelResource,
  entity: 'store.price.entity',
  labels: {
    name: 'store.name',
    tier: 'store.price.tier',
    platform: 'store.price.platform',
    sku: 'store.price.sku',
    prices: 'store.price.prices',
  },
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
  Form: ({ itemProps, editing }) => {
    const { t } = useTranslation();
    return (
      <>
        <Form.Item {...itemProps('name')}>
          <TextInput field="name" disabled={editing} data-testid="price-name" />
        </Form.Item>
        <Form.Item {...itemProps('tier')}>
          <TextInput field="tier" data-testid="price-tier" />
        </Form.Item>
        <Form.Item {...itemProps('platform')}>
          <Select
            options={enumOptions(storePlatforms, storePlatformLabels)}
            style={{ maxWidth: 240 }}
            data-testid="price-platform"
          />
        </Form.Item>
        <Form.Item {...itemProps('sku')}>
          <TextInput field="sku" data-testid="price-sku" />
        </Form.Item>
        <Form.Item {...itemProps('prices')}>
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
        </Form.Item>
      </>
    );
  },
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
  labels: {
    id: 'store.item.id',
    title: 'store.title',
    description: 'store.description',
    priceLevel: 'store.item.priceLevel',
    isIAP: 'store.item.isIAP',
    isGiftPack: 'store.item.isGiftPack',
    consumingType: 'store.item.consumingType',
    rewards: 'store.rewards',
    ...targetingLabels,
  },
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
  Form: ({ itemProps }) => (
    <>
      <Form.Item {...itemProps('title')}>
        <TextInput field="title" data-testid="item-title" />
      </Form.Item>
      <Form.Item {...itemProps('description')}>
        <LongText field="description" />
      </Form.Item>
      <Form.Item {...itemProps('priceLevel')} extra={<TierHint />}>
        <TierPicker />
      </Form.Item>
      <Form.Item {...itemProps('consumingType')}>
        <Select options={enumOptions(consumingTypes, consumingTypeLabels)} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item {...itemProps('isIAP')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item {...itemProps('isGiftPack')} valuePropName="checked">
        <Switch data-testid="item-gift-pack" />
      </Form.Item>
      <Form.Item {...itemProps('rewards')}>
        <RewardsEditor name="rewards" />
      </Form.Item>
      <Targeting itemProps={itemProps} />
    </>
  ),
});

/** `/purchase/product/list`: products sold for in-game currency. */
export const productScreen = resourceScreen({
  resource: productResource,
  entity: 'store.product.entity',
  labels: {
    name: 'store.name',
    title: 'store.title',
    description: 'store.description',
    cost: 'store.product.cost',
    rewards: 'store.rewards',
    ...targetingLabels,
  },
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
  Form: ({ itemProps, editing }) => {
    const { t } = useTranslation();
    return (
      <>
        <Form.Item {...itemProps('name')}>
          <TextInput field="name" disabled={editing} data-testid="product-name" />
        </Form.Item>
        <Form.Item {...itemProps('title')}>
          <TextInput field="title" data-testid="product-title" />
        </Form.Item>
        <Form.Item {...itemProps('description')}>
          <LongText field="description" />
        </Form.Item>
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
              <InputNumber<number>
                aria-label={t('store.product.costAmount')}
                min={1}
                precision={0}
                style={{ width: 160 }}
                data-testid="product-cost"
              />
            </Form.Item>
          </FieldParts>
        </Form.Item>
        <Form.Item {...itemProps('rewards')}>
          <RewardsEditor name="rewards" />
        </Form.Item>
        <Targeting itemProps={itemProps} />
      </>
    );
  },
});

/** A numbered IAP item picked a page at a time, shown with its title. */
function PurchaseItemPicker(props: { value?: number; onChange?: (id: number | undefined) => void; id?: string }) {
  return (
    <ResourcePicker
      id={props.id}
      resource={purchaseItemResource}
      value={props.value === undefined || props.value === null ? undefined : String(props.value)}
      onChange={(key) => props.onChange?.(key ? Number(key) : undefined)}
      labelOf={(row) => `${row.id} · ${row.title}`}
      style={{ maxWidth: 360 }}
      testId="gift-item"
    />
  );
}

/** `/purchase/product/giftCode`: the gift-pack catalogue (not gift codes). */
export const giftPackScreen = resourceScreen({
  resource: giftPackResource,
  entity: 'store.gift.entity',
  labels: {
    name: 'store.name',
    purchaseId: 'store.gift.purchaseId',
    discountMode: 'store.gift.discountMode',
    discount: 'store.gift.discount',
    isEffective: 'store.gift.isEffective',
    weight: 'store.gift.weight',
    colour: 'store.gift.colour',
    ...targetingLabels,
  },
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
  Form: ({ itemProps, editing }) => (
    <>
      <Form.Item {...itemProps('name')}>
        <TextInput field="name" disabled={editing} data-testid="gift-name" />
      </Form.Item>
      <Form.Item {...itemProps('purchaseId')}>
        <PurchaseItemPicker />
      </Form.Item>
      <Form.Item {...itemProps('discountMode')}>
        <Select options={enumOptions(discountModes, discountModeLabels)} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item {...itemProps('discount')}>
        <InputNumber<number> min={1} max={100} step={1} style={{ width: 160 }} data-testid="gift-discount" />
      </Form.Item>
      <Form.Item {...itemProps('weight')}>
        <InputNumber<number> min={1} max={10_000} precision={0} style={{ width: 160 }} data-testid="gift-weight" />
      </Form.Item>
      <Form.Item {...itemProps('colour')}>
        <Select
          options={enumOptions(giftPackColours, giftPackColourLabels)}
          style={{ maxWidth: 240 }}
          data-testid="gift-colour"
        />
      </Form.Item>
      <Form.Item {...itemProps('isEffective')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Targeting itemProps={itemProps} />
    </>
  ),
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
  labels: {
    name: 'store.name',
    title: 'store.title',
    kind: 'store.shop.kind',
    slots: 'store.shop.slots',
    refreshHours: 'store.shop.refreshHours',
    shown: 'store.shop.shown',
    conditions: 'store.conditions',
  },
  render: {
    kind: (row) => storeKindLabels[row.kind][currentLocale()],
    slots: (row) => row.slots.map((s) => s.product).join(', '),
    conditions: (row, t) => conditionsText(row.conditions, t),
  },
  blank: { kind: 'static', slots: [], refreshHours: 24, shown: 4, conditions: [] },
  confirm: (after, _before, t) => storeConfirm(after.name, after.conditions, t),
  Form: ({ itemProps, editing }) => (
    <>
      <Form.Item {...itemProps('name')}>
        <TextInput field="name" disabled={editing} data-testid="store-name" />
      </Form.Item>
      <Form.Item {...itemProps('title')}>
        <TextInput field="title" data-testid="store-title" />
      </Form.Item>
      <Form.Item {...itemProps('kind')}>
        <Select options={enumOptions(storeKinds, storeKindLabels)} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item {...itemProps('slots')}>
        <SlotsEditor />
      </Form.Item>
      <Space wrap>
        <Form.Item {...itemProps('refreshHours')}>
          <InputNumber<number> min={1} max={720} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item {...itemProps('shown')}>
          <InputNumber<number> min={1} max={100} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Form.Item {...itemProps('conditions')}>
        <ConditionsEditor />
      </Form.Item>
    </>
  ),
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
