import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { blankToUndefined, isoDate, isoDateTime, optionalEnum, playerUserId } from '../../fields.js';
import { resourceKinds } from '../../game-catalogue.js';
import { pageSizeQuery } from '../../http.js';
import { optionalText } from '../../text.js';

/**
 * The resource ledger (issue 42 item 6): one row per change of one resource of one player, with
 * what changed it. The sources, once: the server writes these codes, the console shows their labels.
 */
export const ledgerSources = [
  'opening',
  'newPlayer',
  'gameSave',
  'mail',
  'giftCode',
  'purchase',
  'rewards',
  'deductResources',
  'removeItems',
  'copyAccount',
  'migrateAccount',
  'restoreSnapshot',
  'clearPlayerData',
  'refund',
  'chest',
] as const;
export type LedgerSource = (typeof ledgerSources)[number];

export const ledgerSourceLabels = {
  opening: zhEn('期初余额', 'Opening balance'),
  newPlayer: zhEn('新玩家初始资源', 'New player start'),
  gameSave: zhEn('游戏存档', 'Game save'),
  mail: zhEn('邮件领取', 'Mail claim'),
  giftCode: zhEn('礼包码兑换', 'Gift code'),
  purchase: zhEn('购买发货', 'Purchase'),
  rewards: zhEn('后台发放', 'Console grant'),
  deductResources: zhEn('扣除资源', 'Deduction'),
  removeItems: zhEn('删除道具', 'Items removed'),
  copyAccount: zhEn('复制账号', 'Account copy'),
  migrateAccount: zhEn('迁移账号', 'Account migration'),
  restoreSnapshot: zhEn('恢复快照', 'Snapshot restore'),
  clearPlayerData: zhEn('清除数据', 'Data cleared'),
  refund: zhEn('退款追回', 'Refund take-back'),
  chest: zhEn('开宝箱', 'Chest opened'),
} as const satisfies Record<LedgerSource, ReturnType<typeof zhEn>>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The resource kind (a game catalogue key). */
  kind: z.string(),
  delta: z.number(),
  balance: z.number(),
  source: z.string(),
  /** The mail, gift-code batch, order, snapshot or save count the source names. */
  sourceId: z.string().nullable(),
  at: isoDate,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerEndpoints = /*#__PURE__*/ endpointTable({
  listPlayerLedger: endpoint({
    method: 'GET',
    path: '/api/v1/users/ledger',
    summary: "A player's resource ledger, newest first, keyset paged",
    permission: ['userLogQuery'],
    query: z.object({
      userId: playerUserId,
      kind: optionalEnum(resourceKinds),
      source: optionalEnum(ledgerSources),
      start: z.preprocess(blankToUndefined, isoDateTime.optional()),
      end: z.preprocess(blankToUndefined, isoDateTime.optional()),
      cursor: optionalText(200),
      pageSize: pageSizeQuery(20),
    }),
    response: z.object({ list: z.array(ledgerEntrySchema), nextCursor: z.string().nullable() }),
  }),
});
