import { z } from 'zod';
import { type Label, zhEn } from '../../bilingual.js';
import { operatingSystems, type StoredConditionRule, storedConditionsSchema } from '../../conditions.js';
import { codedValues } from '../../enums.js';
import { whole } from '../../fields.js';
import { resourceKindSchema, rewardsSchema } from '../../game-catalogue.js';
import type { Permission } from '../../permissions.js';
import { defineResource, type ResourcePermissions, resourceKeySchema } from '../../resource.js';
import { documentText, optionalDocumentText } from '../../text.js';

/**
 * The store catalogue (issue 29): price levels, IAP purchase items, products sold for in-game
 * currency, gift packs and stores, declared on the resource kit. What the game's store shows a
 * player is a pure function of these (`store-view.ts`), shared by the server and the console's
 * "preview as player".
 */

/** The platforms a price level sells on (the player's `os`). */
export const storePlatforms = operatingSystems;
export type StorePlatform = (typeof storePlatforms)[number];
export const storePlatformLabels: Record<StorePlatform, Label> = {
  android: zhEn('安卓', 'Android'),
  ios: zhEn('iOS', 'iOS'),
};

/** A field message on each row of `rows` (at `path`) whose value repeats an earlier row's. */
export function eachOnce<T>(
  ctx: z.RefinementCtx,
  rows: readonly T[],
  keyOf: (row: T) => unknown,
  path: (string | number)[],
  field: string | null,
  message: string,
) {
  const seen = new Set<unknown>();
  rows.forEach((row, i) => {
    const value = keyOf(row);
    if (seen.has(value)) ctx.addIssue({ code: 'custom', path: field ? [...path, i, field] : [...path, i], message });
    seen.add(value);
  });
}

/** The products' rules, which the stores (shelves of products) share. */
const productPermissions = {
  query: ['normalProductConfigQuery'],
  create: ['normalProductConfigCreate'],
  edit: ['normalProductConfigEdit'],
  delete: ['normalProductConfigDelete'],
} as const satisfies ResourcePermissions;

/** Rules of a kind queried with one permission and created, edited and deleted with another. */
export const editedWith = (query: Permission, edit: Permission) =>
  ({ query: [query], create: [edit], edit: [edit], delete: [edit] }) as const;

/** A currency code (ISO 4217: three capital letters). */
export const currencyCodeSchema = z
  .string({ error: 'store.currency' })
  .regex(/^[A-Z]{3}$/, { error: 'store.currency' });

/** One price: a currency and an amount with at most two decimals. */
export const priceSchema = z.object({
  currency: currencyCodeSchema,
  amount: z
    .number({ error: 'store.amount' })
    .positive({ error: 'store.amount' })
    .max(1_000_000, { error: 'store.amount' })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'store.amount' }),
});

/**
 * A price level: the price tier a store SKU is sold at on one platform, with its price in each
 * currency. One row per platform of a tier (`tier1` on iOS, `tier1` on Android); items name the
 * tier, and each player sees the row of their platform. A SKU is unique per platform.
 */
export const priceLevelSchema = z
  .object({
    name: resourceKeySchema,
    tier: resourceKeySchema,
    platform: z.enum(storePlatforms, { error: 'store.platform' }),
    // A store product ID (Google Play allows up to 148 characters): one line, not a text area.
    sku: documentText(150).regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'store.sku' }),
    prices: z.array(priceSchema).min(1, { error: 'store.pricesRequired' }).max(50),
  })
  .superRefine((doc, ctx) =>
    eachOnce(ctx, doc.prices, (p) => p.currency, ['prices'], 'currency', 'store.currencyTwice'),
  );
export type PriceLevel = z.infer<typeof priceLevelSchema>;

export const priceLevelResource = defineResource({
  name: 'priceLevel',
  label: zhEn('价格档位', 'Price level'),
  schema: priceLevelSchema,
  key: 'name',
  listFields: ['name', 'tier', 'platform', 'sku', 'prices'],
  labels: {
    tier: zhEn('档位', 'Tier'),
    sku: zhEn('商店 SKU', 'Store SKU'),
    prices: zhEn('价格', 'Prices'),
  },
  unique: [
    { fields: ['platform', 'sku'], message: 'store.skuTaken' },
    { fields: ['tier', 'platform'], message: 'store.tierPlatformTaken' },
  ],
  list: {
    filters: { platform: { kind: 'enum', field: 'platform', values: storePlatformLabels } },
    sort: ['name', 'tier', 'updatedAt'],
    export: ['name', 'tier', 'platform', 'sku', 'version', 'updatedBy', 'updatedAt'],
  },
  search: ['name', 'tier', 'sku'],
  permissions: productPermissions,
  versioned: true,
  gameVisible: false,
  routes: { list: 'productPriceLevel' },
});

/** How a purchase is used up (the spec's "consuming type"). */
export const { codes: consumingTypes, labels: consumingTypeLabels } = codedValues({
  consumable: zhEn('消耗型', 'Consumable'),
  nonConsumable: zhEn('非消耗型', 'Non-consumable'),
  subscription: zhEn('订阅', 'Subscription'),
});
export type ConsumingType = (typeof consumingTypes)[number];

/** An AND of the shared condition rules, stored as written; empty = every player. */
export const storeConditionsSchema = storedConditionsSchema.default([]);
export type StoreRule = StoredConditionRule;

/** Highest player level a gate may name (the achievement level). */
export const MAX_STORE_LEVEL = 1000;
/** How often one player may buy an item: 0 = no limit. */
const repurchaseLimit = whole(0, 1000, 'store.repurchase').default(0);
const level = whole(0, MAX_STORE_LEVEL, 'store.level');

/** Level gate: shown from `minLevel` (inclusive) up to `maxLevel` (inclusive; absent = no cap). */
const levelGate = {
  minLevel: level.default(0),
  maxLevel: level.nullable().default(null),
};
const checkLevels = (doc: { minLevel: number; maxLevel: number | null }, ctx: z.RefinementCtx) => {
  if (doc.maxLevel !== null && doc.maxLevel < doc.minLevel)
    ctx.addIssue({ code: 'custom', path: ['maxLevel'], message: 'store.levelOrder' });
};

/**
 * An IAP purchase item (the spec's purchase item, `/purchase`): bought with real money at its
 * price level's price on the player's platform, granting its rewards. Its key is a number the kit
 * gives, so the schema carries no refinement (the kit omits the key from the body): the level
 * order is the resource's `refine`, run by its body (form and server).
 */
export const purchaseItemSchema = z.object({
  id: z.number().int(),
  title: documentText(100),
  description: optionalDocumentText(1000),
  /** The price level tier it sells at (the spec's "price": the amount depends on platform and currency). */
  priceLevel: resourceKeySchema,
  isIAP: z.boolean({ error: 'v.required' }).default(true),
  isGiftPack: z.boolean({ error: 'v.required' }).default(false),
  consumingType: z.enum(consumingTypes, { error: 'store.consumingType' }),
  rewards: rewardsSchema.min(1, { error: 'store.rewardsRequired' }),
  repurchaseLimit,
  ...levelGate,
  conditions: storeConditionsSchema,
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

export const { codes: itemTypes, labels: itemTypeLabels } = codedValues({
  iap: zhEn('普通内购', 'In-app purchase'),
  giftPack: zhEn('礼包', 'Gift pack'),
});

const windowFilter = { kind: 'state', label: zhEn('状态', 'State') } as const;

export const purchaseItemResource = defineResource({
  name: 'purchaseItem',
  label: zhEn('内购商品', 'IAP item'),
  schema: purchaseItemSchema,
  key: 'id',
  autoKey: true,
  refine: checkLevels,
  path: '/api/v1/purchase',
  listFields: ['id', 'title', 'priceLevel', 'consumingType', 'isGiftPack', 'rewards'],
  labels: {
    id: zhEn('ID', 'ID'),
    description: zhEn('描述', 'Description'),
    priceLevel: zhEn('价格档位', 'Price level'),
    isIAP: zhEn('内购', 'IAP'),
    isGiftPack: zhEn('礼包', 'Gift pack'),
    consumingType: zhEn('消耗类型', 'Consuming type'),
  },
  list: {
    filters: {
      consumingType: { kind: 'enum', field: 'consumingType', values: consumingTypeLabels },
      state: windowFilter,
      priceLevel: { kind: 'reference', field: 'priceLevel', resource: 'priceLevel' },
    },
    sort: ['id', 'title', 'priceLevel', 'updatedAt'],
    export: [
      'id',
      'title',
      'priceLevel',
      'consumingType',
      'repurchaseLimit',
      'effectiveAt',
      'expireAt',
      'version',
      'updatedAt',
    ],
  },
  search: ['title', 'description'],
  permissions: editedWith('iapConfigQuery', 'iapConfigEdit'),
  versioned: true,
  gameVisible: false,
  window: true,
  routes: { list: 'purchaseList', edit: 'purchaseEdit' },
});

/** A product sold for in-game currency (gems, coins, …: a resource kind of the game catalogue). */
export const productSchema = z
  .object({
    name: resourceKeySchema,
    title: documentText(100),
    description: optionalDocumentText(1000),
    cost: z.object({
      kind: resourceKindSchema,
      amount: whole(1, 1_000_000_000, 'store.cost'),
    }),
    rewards: rewardsSchema.min(1, { error: 'store.rewardsRequired' }),
    repurchaseLimit,
    ...levelGate,
    conditions: storeConditionsSchema,
  })
  .superRefine(checkLevels);
export type Product = z.infer<typeof productSchema>;

export const productResource = defineResource({
  name: 'product',
  label: zhEn('商品', 'Product'),
  schema: productSchema,
  key: 'name',
  listFields: ['name', 'title', 'cost', 'rewards', 'minLevel', 'repurchaseLimit'],
  labels: {
    description: zhEn('描述', 'Description'),
    cost: zhEn('价格', 'Price'),
  },
  list: {
    filters: {
      state: windowFilter,
      minLevel: { kind: 'numberRange', field: 'minLevel' },
    },
    // By price: the cost in its currency kind, then the amount (jsonb orders an object by its fields).
    sort: ['name', 'title', 'cost', 'minLevel', 'updatedAt'],
    export: [
      'name',
      'title',
      'minLevel',
      'maxLevel',
      'repurchaseLimit',
      'effectiveAt',
      'expireAt',
      'version',
      'updatedAt',
    ],
  },
  search: ['name', 'title', 'description'],
  permissions: productPermissions,
  versioned: true,
  gameVisible: false,
  window: true,
  routes: { list: 'productList', edit: 'productEdit', create: 'productAdd' },
});

export const { codes: giftPackColours, labels: giftPackColourLabels } = codedValues({
  Eggplant: zhEn('茄紫', 'Eggplant'),
  Orange: zhEn('橙色', 'Orange'),
  Rose: zhEn('玫红', 'Rose'),
});
export const { codes: discountModes, labels: discountModeLabels } = codedValues({
  percent: zhEn('折扣百分比', 'Discount percent'),
  times: zhEn('价值倍数', '× times value'),
});
/** Largest gift-pack weight (weights are relative shares). */
export const MAX_GIFT_WEIGHT = 10_000;

/**
 * A gift pack: an IAP item marked `isGiftPack`, with how it is shown (discount badge, colour) and
 * picked (weight among the packs a player may see; one pack per player per refresh period).
 */
export const giftPackSchema = z
  .object({
    name: resourceKeySchema,
    /** The IAP item it sells (its price level, rewards and purchase limit). */
    purchaseId: z
      .number({ error: 'store.purchaseId' })
      .int({ error: 'store.purchaseId' })
      .positive({ error: 'store.purchaseId' }),
    discountMode: z.enum(discountModes, { error: 'store.discountMode' }),
    /** percent: 1–99 (% off); times: 1.1–100 (× the value). */
    discount: z.number({ error: 'store.discount' }),
    isEffective: z.boolean({ error: 'v.required' }).default(true),
    weight: whole(1, MAX_GIFT_WEIGHT, 'store.weight'),
    colour: z.enum(giftPackColours, { error: 'store.colour' }),
    repurchaseLimit,
    ...levelGate,
    conditions: storeConditionsSchema,
  })
  .superRefine((doc, ctx) => {
    checkLevels(doc, ctx);
    const ok =
      doc.discountMode === 'percent'
        ? Number.isInteger(doc.discount) && doc.discount >= 1 && doc.discount <= 99
        : doc.discount >= 1.1 &&
          doc.discount <= 100 &&
          Math.abs(Math.round(doc.discount * 10) - doc.discount * 10) < 1e-9;
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['discount'],
        message: doc.discountMode === 'percent' ? 'store.discountPercent' : 'store.discountTimes',
      });
  });
export type GiftPack = z.infer<typeof giftPackSchema>;

export const giftPackResource = defineResource({
  name: 'giftPack',
  label: zhEn('礼包', 'Gift pack'),
  schema: giftPackSchema,
  key: 'name',
  listFields: ['name', 'purchaseId', 'discountMode', 'discount', 'weight', 'colour', 'isEffective'],
  labels: {
    discountMode: zhEn('折扣方式', 'Discount kind'),
    discount: zhEn('折扣', 'Discount'),
    isEffective: zhEn('生效', 'Effective'),
    weight: zhEn('权重', 'Weight'),
    colour: zhEn('颜色', 'Colour'),
  },
  list: {
    filters: {
      colour: { kind: 'enum', field: 'colour', values: giftPackColourLabels },
      state: windowFilter,
      weight: { kind: 'numberRange', field: 'weight' },
    },
    sort: ['name', 'weight', 'updatedAt'],
    export: [
      'name',
      'purchaseId',
      'discountMode',
      'discount',
      'weight',
      'colour',
      'isEffective',
      'effectiveAt',
      'expireAt',
      'version',
      'updatedAt',
    ],
  },
  search: ['name'],
  permissions: editedWith('iapGiftConfigQuery', 'iapGiftConfigEdit'),
  versioned: true,
  gameVisible: false,
  window: true,
  references: [{ field: 'purchaseId', kind: 'purchaseItem', keys: (doc) => [String(doc.purchaseId)] }],
  routes: { list: 'productGiftPack', edit: 'productGiftPackAdd' },
});

export const { codes: storeKinds, labels: storeKindLabels } = codedValues({
  rotating: zhEn('轮换商店', 'Rotating store'),
  static: zhEn('固定商店', 'Fixed store'),
});
export type StoreKind = (typeof storeKinds)[number];
/** Most slots of one store. */
export const MAX_STORE_SLOTS = 100;

/**
 * A store: ordered slots naming products. A fixed store shows every slot in order; a rotating
 * store shows `shown` of its slots per refresh period (every `refreshHours`, from 00:00 UTC),
 * picked per player and stable within the period.
 */
export const storeSchema = z
  .object({
    name: resourceKeySchema,
    title: documentText(100),
    kind: z.enum(storeKinds, { error: 'store.kind' }),
    slots: z
      .array(z.object({ product: resourceKeySchema }))
      .min(1, { error: 'store.slotsRequired' })
      .max(MAX_STORE_SLOTS, { error: 'store.slotsTooMany' }),
    refreshHours: whole(1, 24 * 30, 'store.refreshHours').default(24),
    /** Rotating: how many slots a player sees per period. */
    shown: whole(1, MAX_STORE_SLOTS, 'store.shown').default(4),
    conditions: storeConditionsSchema,
  })
  .superRefine((doc, ctx) => eachOnce(ctx, doc.slots, (s) => s.product, ['slots'], 'product', 'store.slotTwice'));
export type Store = z.infer<typeof storeSchema>;

export const storeResource = defineResource({
  name: 'store',
  label: zhEn('商店', 'Store'),
  schema: storeSchema,
  key: 'name',
  listFields: ['name', 'title', 'kind', 'slots', 'refreshHours'],
  labels: {
    slots: zhEn('货位', 'Slots'),
    refreshHours: zhEn('刷新周期（小时）', 'Refresh every (hours)'),
    shown: zhEn('每期展示数', 'Shown per period'),
  },
  list: {
    filters: {
      kind: { kind: 'enum', field: 'kind', values: storeKindLabels },
      state: windowFilter,
    },
    sort: ['name', 'title', 'updatedAt'],
    export: ['name', 'title', 'kind', 'refreshHours', 'shown', 'effectiveAt', 'expireAt', 'version', 'updatedAt'],
  },
  search: ['name', 'title'],
  permissions: productPermissions,
  versioned: true,
  gameVisible: false,
  window: true,
  references: [{ field: 'slots', kind: 'product', keys: (doc) => doc.slots.map((s) => s.product) }],
  routes: { list: 'productStore' },
});
