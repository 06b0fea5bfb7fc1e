import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import { whole } from '../../fields.js';
import { resourceKindSchema, resourceKinds } from '../../game-catalogue.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { documentText, optionalDocumentText } from '../../text.js';
import { currencyCodeSchema, editedWith, storePlatforms } from './resources.js';

/**
 * The store's settings (issue 29): per-platform IAP settings (`/setting/config/iap`), the game
 * item settings (`config/item`), the ways items are consumed (`config/wayofconsumption`), the mail
 * a buyer receives with an IAP item (`/purchase/mail`) and the currency overview.
 */

export const { codes: receiptValidations, labels: receiptValidationLabels } = codedValues({
  test: zhEn('测试校验（不连商店）', 'Test validator (no store)'),
  store: zhEn('商店校验', 'Store validation'),
});

/**
 * How one platform sells: its app's store ID, how receipts are validated (the orders area reads
 * this), whether sandbox receipts are accepted, and the store's secret (App Store shared secret,
 * Google Play service account key): secret, never shown, kept unless typed again.
 */
export const iapSettingSchema = z.object({
  platform: z.enum(storePlatforms, { error: 'store.platform' }),
  appId: documentText(200).regex(/^[A-Za-z][\w.]*$/, { error: 'iapSetting.appId' }),
  enabled: z.boolean({ error: 'v.required' }).default(true),
  validation: z.enum(receiptValidations, { error: 'iapSetting.validation' }).default('test'),
  allowSandbox: z.boolean({ error: 'v.required' }).default(false),
  defaultCurrency: currencyCodeSchema.default('USD'),
  storeSecret: z.string().max(10_000, { error: 'iapSetting.secretTooLong' }).optional(),
});
export type IapSetting = z.infer<typeof iapSettingSchema>;

export const iapSettingResource = defineResource({
  name: 'iapSetting',
  label: zhEn('内购设置', 'IAP settings'),
  schema: iapSettingSchema,
  key: 'platform',
  listFields: ['platform', 'appId', 'enabled', 'validation', 'allowSandbox', 'defaultCurrency', 'storeSecret'],
  labels: {
    appId: zhEn('应用 ID（Bundle ID / 包名）', 'App ID (bundle ID / package name)'),
    enabled: zhEn('开放购买', 'Purchases open'),
    validation: zhEn('收据校验', 'Receipt validation'),
    allowSandbox: zhEn('接受沙盒收据', 'Accept sandbox receipts'),
    defaultCurrency: zhEn('默认货币', 'Default currency'),
    storeSecret: zhEn('商店密钥', 'Store secret'),
  },
  list: { sort: ['platform', 'updatedAt'], export: ['platform', 'appId', 'version', 'updatedBy', 'updatedAt'] },
  search: ['appId'],
  secret: ['storeSecret'],
  permissions: editedWith('iapConfigQuery', 'iapConfigEdit'),
  versioned: true,
  gameVisible: false,
  routes: { list: 'settingConfigIap' },
});

/** The item settings and ways of consumption: `gameItemConfigEdit` edits them (added to the catalogue). */
const itemSettingRules = editedWith('gameItemConfigQuery', 'gameItemConfigEdit');

/**
 * One game item's settings, over the game catalogue's resource kind (the catalogue, in code, says
 * which items exist; this says how operators may hand them out and how the game lists them):
 * whether rewards may grant it and the most one reward may grant (mail, gift codes, the store).
 */
export const gameItemSchema = z.object({
  kind: resourceKindSchema,
  description: optionalDocumentText(500),
  grantable: z.boolean({ error: 'v.required' }).default(true),
  /** The most one reward may grant; null: no cap beyond the catalogue's. */
  maxPerGrant: whole(1, 1_000_000_000, 'gameItem.maxPerGrant').nullable().default(null),
  order: whole(0, 10_000, 'activity.order').default(0),
});
export type GameItem = z.infer<typeof gameItemSchema>;

export const gameItemResource = defineResource({
  name: 'gameItem',
  label: zhEn('道具设置', 'Item settings'),
  schema: gameItemSchema,
  key: 'kind',
  listFields: ['kind', 'grantable', 'maxPerGrant', 'order', 'description'],
  labels: {
    kind: zhEn('道具', 'Item'),
    description: zhEn('描述', 'Description'),
    grantable: zhEn('可作为奖励', 'May be granted'),
    maxPerGrant: zhEn('单次奖励上限', 'Most per reward'),
  },
  list: {
    filters: { maxPerGrant: { kind: 'numberRange', field: 'maxPerGrant' } },
    sort: ['kind', 'order', 'maxPerGrant', 'updatedAt'],
    export: ['kind', 'grantable', 'maxPerGrant', 'order', 'version', 'updatedBy', 'updatedAt'],
  },
  search: ['kind', 'description'],
  permissions: itemSettingRules,
  versioned: true,
  gameVisible: true,
  routes: { list: 'settingConfigItem' },
});

/**
 * A way of consumption: a code the game reports when a player spends items (buying in a store,
 * upgrading a habitat…), with its label and the items it may consume. The game reads the list;
 * the logs show the label instead of the code.
 */
export const consumptionWaySchema = z.object({
  code: resourceKeySchema,
  nameZh: documentText(100),
  nameEn: documentText(100),
  kinds: z
    .array(resourceKindSchema)
    .min(1, { error: 'consumption.kindsRequired' })
    .max(resourceKinds.length)
    .refine((k) => new Set(k).size === k.length, { error: 'consumption.kindTwice' }),
  enabled: z.boolean({ error: 'v.required' }).default(true),
});
export type ConsumptionWay = z.infer<typeof consumptionWaySchema>;

export const consumptionWayResource = defineResource({
  name: 'consumptionWay',
  label: zhEn('消耗途径', 'Way of consumption'),
  schema: consumptionWaySchema,
  key: 'code',
  listFields: ['code', 'nameZh', 'nameEn', 'kinds', 'enabled'],
  labels: {
    code: zhEn('代码', 'Code'),
    nameZh: zhEn('中文名称', 'Chinese name'),
    nameEn: zhEn('英文名称', 'English name'),
    kinds: zhEn('消耗的道具', 'Items consumed'),
    enabled: zhEn('启用', 'Enabled'),
  },
  unique: [
    { field: 'nameZh', message: 'consumption.nameTaken' },
    { field: 'nameEn', message: 'consumption.nameTaken', normalize: 'lowercase' },
  ],
  list: {
    sort: ['code', 'nameEn', 'updatedAt'],
    export: ['code', 'nameZh', 'nameEn', 'kinds', 'enabled', 'version', 'updatedAt'],
  },
  search: ['code', 'nameZh', 'nameEn'],
  permissions: itemSettingRules,
  versioned: true,
  gameVisible: true,
  routes: { list: 'settingWayOfConsumption' },
});

/**
 * The mail a buyer receives with an IAP item: a mail template of the mail area, sent on delivery
 * (the orders area), with the item's rewards attached or only as a notice.
 */
export const purchaseMailSchema = z.object({
  name: resourceKeySchema,
  purchaseId: z
    .number({ error: 'store.purchaseId' })
    .int({ error: 'store.purchaseId' })
    .positive({ error: 'store.purchaseId' }),
  template: z
    .number({ error: 'purchaseMail.template' })
    .int({ error: 'purchaseMail.template' })
    .positive({ error: 'purchaseMail.template' }),
  attachRewards: z.boolean({ error: 'v.required' }).default(false),
  /** Days the mail stays in the mailbox. */
  expireDays: whole(1, 365, 'purchaseMail.expireDays').default(30),
});
export type PurchaseMail = z.infer<typeof purchaseMailSchema>;

export const purchaseMailResource = defineResource({
  name: 'purchaseMail',
  label: zhEn('购买邮件', 'Purchase mail'),
  schema: purchaseMailSchema,
  key: 'name',
  listFields: ['name', 'purchaseId', 'template', 'attachRewards', 'expireDays'],
  labels: {
    template: zhEn('邮件模板', 'Mail template'),
    attachRewards: zhEn('附带商品奖励', 'Rewards attached'),
    expireDays: zhEn('有效天数', 'Days kept'),
  },
  unique: [{ field: 'purchaseId', message: 'purchaseMail.itemTaken' }],
  list: {
    filters: { purchaseId: { kind: 'reference', field: 'purchaseId', resource: 'purchaseItem' } },
    sort: ['name', 'purchaseId', 'updatedAt'],
    export: ['name', 'purchaseId', 'template', 'attachRewards', 'expireDays', 'version', 'updatedAt'],
  },
  search: ['name'],
  permissions: editedWith('iapConfigQuery', 'iapConfigEdit'),
  versioned: true,
  gameVisible: false,
  references: [
    { field: 'purchaseId', kind: 'purchaseItem', keys: (doc) => [String(doc.purchaseId)] },
    { field: 'template', kind: 'mailTemplate', keys: (doc) => [String(doc.template)] },
  ],
  routes: { list: 'purchaseMail', edit: 'purchaseMailEdit' },
});

const label = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });

/** The currency overview (`currencyConfigQuery`): what the catalogue sells for and in. */
export const currencyOverviewSchema = z.object({
  /** In-game currencies: the game catalogue's kinds that products cost. */
  game: z.array(z.object({ kind: z.string(), label, products: z.number().int(), granted: z.number().int() })),
  /** Real-money currencies the price levels price in. */
  money: z.array(
    z.object({
      currency: z.string(),
      priceLevels: z.number().int(),
      tiers: z.number().int(),
      platforms: z.array(z.enum(storePlatforms)),
      min: z.number(),
      max: z.number(),
      default: z.boolean(),
    }),
  ),
});
export type CurrencyOverview = z.infer<typeof currencyOverviewSchema>;

export const storeSettingEndpoints = endpointTable({
  currencyOverview: endpoint({
    method: 'GET',
    path: '/api/v1/purchase/currencies',
    summary:
      'Currencies: the in-game currencies products cost (with how many products cost and grant each) and the real-money currencies of the price levels',
    permission: ['currencyConfigQuery'],
    response: currencyOverviewSchema,
    tags: ['store'],
  }),
});
