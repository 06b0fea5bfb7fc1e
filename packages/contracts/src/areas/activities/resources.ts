import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { codedValues } from '../../enums.js';
import { whole } from '../../fields.js';
import { rewardsSchema } from '../../game-catalogue.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { documentText, optionalDocumentText } from '../../text.js';
import {
  currencyCodeSchema,
  eachOnce,
  editedWith,
  MAX_STORE_LEVEL,
  storeConditionsSchema,
} from '../store/resources.js';

/**
 * Activities (issue 29): purchase activities the store runs (`/purchase/product/activity`: first
 * purchase double, spend N get rewards), and the game's own activities with their reward tables
 * (`/activity`), published to the game's content.
 */

export const { codes: purchaseActivityKinds, labels: purchaseActivityKindLabels } = codedValues({
  firstPurchaseDouble: zhEn('首充双倍', 'First purchase double'),
  spendReward: zhEn('累充奖励', 'Spend N, get rewards'),
});
export type PurchaseActivityKind = (typeof purchaseActivityKinds)[number];

/** Most IAP items one first-purchase-double activity names. */
export const MAX_ACTIVITY_ITEMS = 200;

/**
 * A purchase activity, inside its window (`effectiveAt` … `expireAt`):
 * - `firstPurchaseDouble`: a player's first purchase of each named IAP item (none named: every IAP
 *   item that is not a gift pack) grants its rewards twice;
 * - `spendReward`: a player who spends `spend` (real money, in one currency) within the window
 *   receives `rewards` once.
 */
export const purchaseActivitySchema = z
  .object({
    name: resourceKeySchema,
    title: documentText(100),
    description: optionalDocumentText(1000),
    kind: z.enum(purchaseActivityKinds, { error: 'activity.kind' }),
    purchaseIds: z
      .array(z.number({ error: 'store.purchaseId' }).int({ error: 'store.purchaseId' }).positive())
      .max(MAX_ACTIVITY_ITEMS, { error: 'activity.itemsTooMany' })
      .default([]),
    spend: z
      .object({
        currency: currencyCodeSchema,
        amount: z
          .number({ error: 'store.amount' })
          .positive({ error: 'store.amount' })
          .max(1_000_000, { error: 'store.amount' }),
      })
      .nullable()
      .default(null),
    rewards: rewardsSchema.default([]),
    minLevel: whole(0, MAX_STORE_LEVEL, 'store.level').default(0),
    conditions: storeConditionsSchema,
  })
  .superRefine((doc, ctx) => {
    if (doc.kind === 'spendReward') {
      if (!doc.spend) ctx.addIssue({ code: 'custom', path: ['spend'], message: 'activity.spendRequired' });
      if (doc.rewards.length === 0)
        ctx.addIssue({ code: 'custom', path: ['rewards'], message: 'store.rewardsRequired' });
    }
    eachOnce(ctx, doc.purchaseIds, (id) => id, ['purchaseIds'], null, 'activity.itemTwice');
  });
export type PurchaseActivity = z.infer<typeof purchaseActivitySchema>;

export const purchaseActivityResource = defineResource({
  name: 'purchaseActivity',
  label: zhEn('内购活动', 'Purchase activity'),
  schema: purchaseActivitySchema,
  key: 'name',
  listFields: ['name', 'title', 'kind', 'purchaseIds', 'spend', 'rewards'],
  labels: {
    description: zhEn('描述', 'Description'),
    purchaseIds: zhEn('内购商品', 'IAP items'),
    spend: zhEn('累计充值', 'Spend'),
  },
  list: {
    filters: {
      kind: { kind: 'enum', field: 'kind', values: purchaseActivityKindLabels },
      state: { kind: 'state', label: zhEn('状态', 'State') },
    },
    sort: ['name', 'title', 'updatedAt'],
    export: ['name', 'title', 'kind', 'minLevel', 'effectiveAt', 'expireAt', 'version', 'updatedBy', 'updatedAt'],
  },
  search: ['name', 'title', 'description'],
  permissions: editedWith('iapActivityConfigQuery', 'iapActivityConfigEdit'),
  versioned: true,
  gameVisible: false,
  window: true,
  windowRequired: true,
  references: [{ field: 'purchaseIds', kind: 'purchaseItem', keys: (doc) => doc.purchaseIds.map(String) }],
  routes: { list: 'productActivity', edit: 'productActivityAdd' },
});

/** Most rows of a reward table. */
export const MAX_REWARD_ROWS = 100;

/**
 * A reward table: what a player earns at each goal of an activity (points, rank, days…), in
 * ascending goals; the game grants a row's rewards when the player reaches its goal.
 */
export const activityRewardSchema = z
  .object({
    name: resourceKeySchema,
    title: documentText(100),
    rows: z
      .array(
        z.object({
          goal: whole(1, 1_000_000_000, 'activity.goal'),
          rewards: rewardsSchema.min(1, { error: 'store.rewardsRequired' }),
        }),
      )
      .min(1, { error: 'activity.rowsRequired' })
      .max(MAX_REWARD_ROWS, { error: 'activity.rowsTooMany' }),
  })
  .superRefine((doc, ctx) => {
    doc.rows.forEach((row, i) => {
      if (i > 0 && row.goal <= doc.rows[i - 1].goal)
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'goal'], message: 'activity.goalOrder' });
    });
  });
export type ActivityReward = z.infer<typeof activityRewardSchema>;

export const activityRewardResource = defineResource({
  name: 'activityReward',
  label: zhEn('活动奖励表', 'Activity reward table'),
  schema: activityRewardSchema,
  key: 'name',
  listFields: ['name', 'title', 'rows'],
  labels: {
    rows: zhEn('奖励档位', 'Reward rows'),
  },
  list: {
    sort: ['name', 'title', 'updatedAt'],
    export: ['name', 'title', 'version', 'updatedBy', 'updatedAt'],
  },
  search: ['name', 'title'],
  permissions: editedWith('iapActivityConfigQuery', 'iapActivityConfigEdit'),
  versioned: true,
  gameVisible: true,
  routes: { list: 'activityReward', edit: 'activityRewardEdit' },
});

export const { codes: activityTypes, labels: activityTypeLabels } = codedValues({
  event: zhEn('限时活动', 'Limited-time event'),
  login: zhEn('登录活动', 'Login event'),
  ranking: zhEn('排行活动', 'Ranking event'),
  collect: zhEn('收集活动', 'Collection event'),
});
export type ActivityType = (typeof activityTypes)[number];

/**
 * An in-game activity: shown by the game inside its window to players of at least `minLevel`,
 * paying out by its reward table. Published to the game's content (`GET /api/game/v1/content`).
 */
export const activitySchema = z.object({
  name: resourceKeySchema,
  title: documentText(100),
  description: optionalDocumentText(1000),
  type: z.enum(activityTypes, { error: 'activity.type' }),
  rewardTable: resourceKeySchema,
  minLevel: whole(0, MAX_STORE_LEVEL, 'store.level').default(0),
  /** Display order in the game's activity list (lower first). */
  order: whole(0, 10_000, 'activity.order').default(0),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityResource = defineResource({
  name: 'activity',
  label: zhEn('活动', 'Activity'),
  schema: activitySchema,
  key: 'name',
  listFields: ['name', 'title', 'type', 'rewardTable', 'minLevel', 'order'],
  labels: {
    description: zhEn('描述', 'Description'),
    rewardTable: zhEn('奖励表', 'Reward table'),
  },
  list: {
    filters: {
      type: { kind: 'enum', field: 'type', values: activityTypeLabels },
      state: { kind: 'state', label: zhEn('状态', 'State') },
      rewardTable: { kind: 'reference', field: 'rewardTable', resource: 'activityReward' },
    },
    sort: ['name', 'title', 'order', 'updatedAt'],
    export: [
      'name',
      'title',
      'type',
      'rewardTable',
      'minLevel',
      'order',
      'effectiveAt',
      'expireAt',
      'version',
      'updatedAt',
    ],
  },
  search: ['name', 'title', 'description'],
  permissions: editedWith('iapActivityConfigQuery', 'iapActivityConfigEdit'),
  versioned: true,
  gameVisible: true,
  window: true,
  windowRequired: true,
  references: [{ field: 'rewardTable', kind: 'activityReward', keys: (doc) => [doc.rewardTable] }],
  routes: { list: 'activityList', edit: 'activityEdit' },
});
