import {
  consumptionWayResource,
  gameItemResource,
  gameLabel,
  iapSettingResource,
  mailTemplateResource,
  purchaseItemResource,
  purchaseMailResource,
  resourceKinds,
  storePlatformLabels,
} from '@rookery/contracts';
import { Form, Input, Select, Tag } from 'antd';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { resourceScreen } from '../../crud/resource/screen';
import { currentLocale } from '../../i18n';
import { CurrencyInput, numericKey } from './common';
import './texts';

const kindNames = (kinds: readonly string[]) => kinds.map((k) => gameLabel(k, currentLocale())).join(', ');

/** `/setting/config/iap`: how each platform sells (the store secret is never shown). */
export const iapSettingScreen = resourceScreen({
  resource: iapSettingResource,
  entity: 'store.settings.iapEntity',
  render: {
    platform: (row) => storePlatformLabels[row.platform][currentLocale()],
    enabled: (row, t) =>
      row.enabled ? <Tag color="green">{t('store.settings.open')}</Tag> : t('store.settings.closed'),
    allowSandbox: (row, t) => (row.allowSandbox ? t('store.settings.yes') : t('store.settings.no')),
  },
  blank: { platform: 'ios', enabled: true, validation: 'test', allowSandbox: false, defaultCurrency: 'USD' },
  fields: ['platform', 'appId', 'enabled', 'validation', 'allowSandbox', 'defaultCurrency', 'storeSecret'],
  widgets: {
    defaultCurrency: <CurrencyInput testId="iapSetting-defaultCurrency" />,
    storeSecret: <Input.Password autoComplete="new-password" data-testid="iapSetting-storeSecret" />,
  },
  hints: { storeSecret: 'store.settings.secretHint' },
});

/** `/setting/config/item`: how operators may hand out each game item. */
export const gameItemScreen = resourceScreen({
  resource: gameItemResource,
  entity: 'store.settings.itemEntity',
  render: {
    kind: (row) => gameLabel(row.kind, currentLocale()),
    grantable: (row, t) => (row.grantable ? t('store.settings.yes') : <Tag color="red">{t('store.settings.no')}</Tag>),
    maxPerGrant: (row, t) =>
      row.maxPerGrant === null ? t('store.unlimited') : row.maxPerGrant.toLocaleString(currentLocale()),
  },
  blank: { kind: 'gem', description: '', grantable: true, maxPerGrant: null, order: 0 },
  fields: ['kind', 'description', 'grantable', 'maxPerGrant', 'order'],
});

/** `/setting/config/wayofconsumption`: the codes the game reports when players spend items. */
export const consumptionWayScreen = resourceScreen({
  resource: consumptionWayResource,
  entity: 'store.settings.wayEntity',
  render: {
    kinds: (row) => kindNames(row.kinds),
    enabled: (row, t) => (row.enabled ? t('store.settings.yes') : t('store.settings.no')),
  },
  blank: { kinds: [], enabled: true },
  fields: ['code', 'nameZh', 'nameEn', 'kinds', 'enabled'],
  widgets: {
    kinds: (
      <Select
        mode="multiple"
        showSearch={{ optionFilterProp: 'label' }}
        options={resourceKinds.map((k) => ({ value: k, label: gameLabel(k, currentLocale()) }))}
        style={{ maxWidth: 480 }}
        data-testid="consumptionWay-kinds"
      />
    ),
  },
});

/** `/purchase/mail` and `medit`: the mail a buyer receives with an IAP item. */
export const purchaseMailScreen = resourceScreen({
  resource: purchaseMailResource,
  entity: 'store.settings.mailEntity',
  blank: { attachRewards: false, expireDays: 30 },
  fields: ['name', 'purchaseId', 'template', 'attachRewards', 'expireDays'],
  widgets: {
    purchaseId: ({ itemProps }) => (
      <Form.Item {...itemProps('purchaseId')} {...numericKey}>
        <ResourcePicker
          resource={purchaseItemResource}
          labelOf={(p) => `${p.id} · ${p.title}`}
          style={{ maxWidth: 360 }}
          testId="purchaseMail-purchaseId"
        />
      </Form.Item>
    ),
    template: ({ itemProps }) => (
      <Form.Item {...itemProps('template')} {...numericKey}>
        <ResourcePicker
          resource={mailTemplateResource}
          labelOf={(m) => `${m.id} · ${m.name}`}
          style={{ maxWidth: 360 }}
          testId="purchaseMail-template"
        />
      </Form.Item>
    ),
  },
});
