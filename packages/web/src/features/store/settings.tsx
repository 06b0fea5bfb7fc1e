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
import { useTranslation } from 'react-i18next';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { resourceScreen } from '../../crud/resource/screen';
import { SchemaField } from '../../crud/SchemaField';
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
  Form: ({ itemProps, editing }) => {
    const { t } = useTranslation();
    return (
      <>
        <SchemaField name="platform" itemProps={itemProps} disabled={editing} testId="iap-platform" />
        <SchemaField name="appId" itemProps={itemProps} testId="iap-app-id" />
        <SchemaField name="enabled" itemProps={itemProps} />
        <SchemaField name="validation" itemProps={itemProps} />
        <SchemaField name="allowSandbox" itemProps={itemProps} />
        <Form.Item {...itemProps('defaultCurrency')}>
          <CurrencyInput testId="iap-currency" />
        </Form.Item>
        <Form.Item {...itemProps('storeSecret')} extra={t('store.settings.secretHint')}>
          <Input.Password autoComplete="new-password" data-testid="iap-secret" />
        </Form.Item>
      </>
    );
  },
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
  Form: ({ itemProps, editing }) => (
    <>
      <SchemaField name="kind" itemProps={itemProps} disabled={editing} testId="item-kind" />
      <SchemaField name="description" itemProps={itemProps} />
      <SchemaField name="grantable" itemProps={itemProps} testId="item-grantable" />
      <SchemaField name="maxPerGrant" itemProps={itemProps} testId="item-max" />
      <SchemaField name="order" itemProps={itemProps} />
    </>
  ),
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
  Form: ({ itemProps, editing }) => (
    <>
      <SchemaField name="code" itemProps={itemProps} disabled={editing} testId="way-code" />
      <SchemaField name="nameZh" itemProps={itemProps} testId="way-name-zh" />
      <SchemaField name="nameEn" itemProps={itemProps} testId="way-name-en" />
      <Form.Item {...itemProps('kinds')}>
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          options={resourceKinds.map((k) => ({ value: k, label: gameLabel(k, currentLocale()) }))}
          style={{ maxWidth: 480 }}
          data-testid="way-kinds"
        />
      </Form.Item>
      <SchemaField name="enabled" itemProps={itemProps} />
    </>
  ),
});

/** `/purchase/mail` and `medit`: the mail a buyer receives with an IAP item. */
export const purchaseMailScreen = resourceScreen({
  resource: purchaseMailResource,
  entity: 'store.settings.mailEntity',
  blank: { attachRewards: false, expireDays: 30 },
  Form: ({ itemProps, editing }) => (
    <>
      <SchemaField name="name" itemProps={itemProps} disabled={editing} testId="pmail-name" />
      <Form.Item {...itemProps('purchaseId')} {...numericKey}>
        <ResourcePicker
          resource={purchaseItemResource}
          labelOf={(p) => `${p.id} · ${p.title}`}
          style={{ maxWidth: 360 }}
          testId="pmail-item"
        />
      </Form.Item>
      <Form.Item {...itemProps('template')} {...numericKey}>
        <ResourcePicker
          resource={mailTemplateResource}
          labelOf={(m) => `${m.id} · ${m.name}`}
          style={{ maxWidth: 360 }}
          testId="pmail-template"
        />
      </Form.Item>
      <SchemaField name="attachRewards" itemProps={itemProps} />
      <SchemaField name="expireDays" itemProps={itemProps} />
    </>
  ),
});
