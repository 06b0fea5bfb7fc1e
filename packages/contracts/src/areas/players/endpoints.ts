import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { playerStatuses, playerUserTypes, suspicionRules } from '../../enums.js';
import {
  blankToUndefined,
  externalId,
  isoDate,
  isoDateTime,
  optionalEnum,
  optionalExternalId,
  optionalIsoDate,
  optionalPlayerUserId,
  playerUserId,
} from '../../fields.js';
import { playerStateSchema, resourceKindSchema, rewardsSchema } from '../../game-catalogue.js';
import { pagedList, pageQuery } from '../../http.js';
import type { MessageKey } from '../../messages.js';
import type { Permission } from '../../permissions.js';
import { optionalText as optionalTextOf, text } from '../../text.js';
import { upgradeAnswerSchema } from '../gamegate/resources.js';

/** Player support and moderation (console) and the game's player calls (login, load, save). */

// Endpoints are guarded by permission names only, never role names: a role's grants (editable in
// the role screen) decide, so taking a permission away from a built-in role really takes it away.
const anyOf = (...perms: Permission[]): Permission[] => perms;
const itemEditors = anyOf('removeItemQuery');

/** Most accounts or devices one freeze, ban or list action takes (spec §5, §9). */
export const MAX_BATCH_IDS = 25;

const requiredPlain = (max: number, key: MessageKey = 'v.required') => text({ max, required: key });
const reasonSchema = requiredPlain(500, 'v.reasonRequired');
const optionalReason = text({ max: 500 }).optional();

/** A paste of IDs (one per line, or commas) or a JSON list. */
const splitList = (v: unknown) => (typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : v);

/** 1 to 25 user IDs, duplicates dropped. */
export const userIdListSchema = z.preprocess(
  splitList,
  z
    .array(playerUserId, { error: 'v.userIdsRequired' })
    .min(1, { error: 'v.userIdsRequired' })
    .max(MAX_BATCH_IDS, { error: 'v.tooManyUserIds' })
    .transform((ids) => [...new Set(ids)]),
);

const deviceIdListSchema = z.preprocess(
  splitList,
  z
    .array(externalId, { error: 'v.deviceIdsRequired' })
    .min(1, { error: 'v.deviceIdsRequired' })
    .max(MAX_BATCH_IDS, { error: 'v.tooManyDeviceIds' })
    .transform((ids) => [...new Set(ids)]),
);

const futureTime = isoDateTime.refine((t) => Date.parse(t) > Date.now(), { error: 'v.untilInPast' });

const optionalText = optionalTextOf(64);

export const playerSummarySchema = z.object({
  userId: z.number().int(),
  socialId: z.string().nullable(),
  deviceId: z.string().nullable(),
  anonymousId: z.string().nullable(),
  deviceModel: z.string().nullable(),
  os: z.string().nullable(),
  appVersion: z.string().nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  /** Effective status: a freeze whose end passed reads as normal. */
  status: z.enum(playerStatuses),
  frozenReason: z.string().nullable(),
  frozenUntil: optionalIsoDate,
  chatBannedUntil: optionalIsoDate,
  chatBanReason: z.string().nullable(),
  blacklisted: z.boolean(),
  blacklistReason: z.string().nullable(),
  userType: z.enum(playerUserTypes),
  habitatCount: z.number().int(),
  saveCount: z.number().int(),
  firstLoginAt: isoDate,
  lastLoginAt: optionalIsoDate,
});
export type PlayerSummary = z.input<typeof playerSummarySchema>;

/** A row of the ban list: the player and who froze them when (the latest freeze; null before any). */
export const frozenPlayerSchema = playerSummarySchema.extend({
  frozenBy: z.string().nullable(),
  frozenAt: optionalIsoDate,
});

const labelledValue = z.object({ key: z.string(), label: z.string(), value: z.number() });

export const playerDetailSchema = playerSummarySchema.extend({
  state: playerStateSchema,
  /** The state with the catalogue's labels in the caller's language. */
  stateView: z.object({ resources: z.array(labelledValue), fields: z.array(labelledValue) }),
  devices: z.array(z.object({ deviceId: z.string(), boundAt: isoDate, banned: z.boolean() })),
  sessionEpoch: z.number().int(),
  lastSaveAt: optionalIsoDate,
  dataErasedAt: optionalIsoDate,
  /**
   * What the game's last login sent for os, language and country where it differs from the
   * canonical value the player holds (`canonicalAttributes`: `IOS` stored as `ios`, a language
   * that is no tag as none); null where it is the same. For support: what the device really says.
   */
  reported: z.object({ os: z.string().nullable(), language: z.string().nullable(), country: z.string().nullable() }),
});
export type PlayerDetail = z.input<typeof playerDetailSchema>;

const playersResult = z.object({ players: z.array(playerSummarySchema) });

const deviceBanSchema = z.object({
  deviceId: z.string(),
  reason: z.string(),
  until: optionalIsoDate,
  bannedBy: z.string().nullable(),
  createdAt: isoDate,
  userIds: z.array(z.number().int()),
});

const transferSide = z.object({ before: playerDetailSchema, after: playerDetailSchema });
const transferPreviewSchema = z.object({ from: transferSide, to: transferSide });
const transferBody = z
  .object({ fromUserId: playerUserId, toUserId: playerUserId, reason: optionalReason })
  .refine((b) => b.fromUserId !== b.toUserId, { path: ['toUserId'], error: 'v.samePlayer' });
const transferQuery = z
  .object({ fromUserId: playerUserId, toUserId: playerUserId })
  .refine((b) => b.fromUserId !== b.toUserId, { path: ['toUserId'], error: 'v.samePlayer' });

const playerEventSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: z.string(),
  data: z.unknown(),
  actor: z.string().nullable(),
  at: isoDate,
});

const snapshotInfoSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  saveCount: z.number().int(),
  cause: z.string(),
  actor: z.string().nullable(),
  createdAt: isoDate,
});

const suspicionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  rule: z.enum(suspicionRules),
  detail: z.unknown(),
  saveCount: z.number().int(),
  createdAt: isoDate,
  reviewedAt: optionalIsoDate,
  reviewedBy: z.string().nullable(),
});

const stateChangeSchema = z.object({
  key: z.string(),
  label: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
});

const gameStateAnswer = z.object({
  userId: z.number().int(),
  state: playerStateSchema,
  saveCount: z.number().int(),
  /** Send it back with every save; the console ending the session makes older epochs stale. */
  sessionEpoch: z.number().int(),
  serverTime: z.string(),
  chatBannedUntil: z.string().nullable(),
});

const userIdQuery = z.object({ userId: playerUserId });
const booleanQuery = optionalEnum(['true', 'false']);

/** What the console shows of a player's account state, and of their game data (for `invalidates`). */
const playerStateReads = ['getPlayerDetail', 'listPlayers', 'searchPlayers'] as const;
const gameDataReads = [
  'getPlayerDetail',
  'listSnapshots',
  'getPlayerDataHistory',
  'listPlayerEvents',
  'listPlayerLedger',
] as const;

export const playerEndpoints = /*#__PURE__*/ endpointTable({
  searchPlayers: endpoint({
    method: 'GET',
    path: '/api/v1/penguin/users/search',
    summary: 'Find players by user ID, social ID, device ID (current or bound) or anonymous ID',
    permission: anyOf('userQuery'),
    query: z
      .object({
        userId: optionalPlayerUserId,
        socialId: optionalExternalId,
        deviceId: optionalExternalId,
        anonymousId: optionalExternalId,
      })
      .refine((q) => q.userId || q.socialId || q.deviceId || q.anonymousId, { error: 'v.searchKeyRequired' }),
    response: z.array(playerSummarySchema),
  }),
  getPlayerDetail: endpoint({
    method: 'GET',
    path: '/api/v1/penguin/users/detail',
    summary: 'One player with the labelled game state, keyed by user ID',
    permission: anyOf('userQuery'),
    query: userIdQuery,
    response: z.record(z.string(), playerDetailSchema),
  }),
  listPlayers: endpoint({
    method: 'GET',
    path: '/api/v1/game-users',
    summary: 'Game users, filtered and sorted on the server',
    permission: anyOf('userQuery'),
    query: pageQuery.extend({
      status: optionalEnum(playerStatuses),
      os: optionalText,
      country: optionalText,
      sort: z.enum(['userId', 'lastLoginAt', 'firstLoginAt', 'saveCount']).default('userId'),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    response: pagedList(playerSummarySchema),
  }),
  endPlayerSession: endpoint({
    method: 'PUT',
    path: '/api/v1/gm/user',
    summary: "End the player's current game session (their next save must follow a new login)",
    permission: anyOf('userQuery'),
    body: z
      .object({ socialId: optionalExternalId, deviceId: optionalExternalId })
      .refine((b) => b.socialId || b.deviceId, { error: 'v.searchKeyRequired' }),
    auditTarget: 'player',
    response: z.object({ userId: z.number().int(), sessionEpoch: z.number().int() }),
    invalidates: ['getPlayerDetail'],
  }),

  freezePlayers: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/freeze',
    summary: 'Freeze up to 25 players (their game login is refused with the reason and end time)',
    permission: anyOf('userBanQuery'),
    body: z.object({ userIds: userIdListSchema, reason: reasonSchema, until: futureTime.optional() }),
    auditTarget: 'player',
    response: playersResult,
    invalidates: ['listFrozenPlayers', ...playerStateReads],
  }),
  unfreezePlayers: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/unfreeze',
    summary: 'Unfreeze up to 25 players',
    permission: anyOf('userBanQuery'),
    body: z.object({ userIds: userIdListSchema }),
    auditTarget: 'player',
    response: playersResult,
    invalidates: ['listFrozenPlayers', ...playerStateReads],
  }),
  listFrozenPlayers: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/frozen',
    summary: 'The ban list: players frozen now (also the unban screen)',
    permission: anyOf('userBanQuery'),
    query: pageQuery.extend({ userId: optionalPlayerUserId }),
    response: pagedList(frozenPlayerSchema),
  }),
  listDeviceBans: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/device-bans',
    summary: 'Banned devices in force',
    permission: anyOf('userBanQuery'),
    query: pageQuery.extend({ deviceId: optionalExternalId }),
    response: pagedList(deviceBanSchema),
  }),
  banDevices: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/device-bans',
    summary: 'Ban up to 25 devices (game login from them is refused)',
    permission: anyOf('userBanQuery'),
    body: z.object({ deviceIds: deviceIdListSchema, reason: reasonSchema, until: futureTime.optional() }),
    auditTarget: 'device',
    response: z.object({ bans: z.array(deviceBanSchema) }),
    invalidates: ['listDeviceBans', 'listPlayerDevices', 'getPlayerDetail'],
  }),
  unbanDevices: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/device-bans/remove',
    summary: 'Lift device bans',
    permission: anyOf('userBanQuery'),
    body: z.object({ deviceIds: deviceIdListSchema }),
    auditTarget: 'device',
    response: z.object({ removed: z.array(z.string()) }),
    invalidates: ['listDeviceBans', 'listPlayerDevices', 'getPlayerDetail'],
  }),

  clearPlayerData: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/clear',
    summary: "Reset the player's game state to a new player's",
    permission: anyOf('userClearQuery'),
    body: z.object({ userId: playerUserId, reason: reasonSchema }),
    auditTarget: 'player',
    response: playerDetailSchema,
    invalidates: [...gameDataReads, 'listPlayers', 'searchPlayers'],
  }),
  exportPlayerArchive: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/archive',
    summary: 'Download everything held about the player as one JSON file',
    permission: anyOf('exportUserDataQuery'),
    query: userIdQuery,
    raw: true,
    response: z.unknown(),
  }),
  previewMigrateAccount: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/migrate/preview',
    summary: 'Both accounts side by side, before and after a migration',
    permission: anyOf('accountTransferQuery'),
    query: transferQuery,
    response: transferPreviewSchema,
  }),
  migrateAccount: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/migrate',
    summary: "Move the source account's social ID and save to the target account",
    permission: anyOf('accountTransferQuery'),
    body: transferBody,
    auditTarget: 'player',
    response: transferPreviewSchema,
    invalidates: [...gameDataReads, 'listPlayers', 'searchPlayers', 'listPlayerDevices'],
  }),
  previewCopyAccount: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/copy/preview',
    summary: 'Both accounts side by side, before and after a copy',
    permission: anyOf('copyAccountQuery'),
    query: transferQuery,
    response: transferPreviewSchema,
  }),
  copyAccount: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/copy',
    summary: "Overwrite the target account's game state with the source's",
    permission: anyOf('copyAccountQuery'),
    body: transferBody,
    auditTarget: 'player',
    response: transferPreviewSchema,
    invalidates: [...gameDataReads, 'listPlayers', 'searchPlayers'],
  }),
  deductResources: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/deduct',
    summary: 'Take resources from a player; never below zero',
    permission: itemEditors,
    body: z.object({
      userId: playerUserId,
      items: rewardsSchema.refine((items) => items.length > 0, { error: 'v.itemsRequired' }),
      reason: reasonSchema,
    }),
    auditTarget: 'player',
    response: playerDetailSchema,
    invalidates: [...gameDataReads, 'listItemRemovals'],
  }),
  removeItems: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/remove-items',
    summary: 'Remove resource kinds from a player entirely',
    permission: itemEditors,
    body: z.object({
      userId: playerUserId,
      kinds: z
        .array(resourceKindSchema, { error: 'v.itemsRequired' })
        .min(1, { error: 'v.itemsRequired' })
        .max(100)
        .transform((k) => [...new Set(k)]),
      reason: reasonSchema,
    }),
    auditTarget: 'player',
    response: playerDetailSchema,
    invalidates: [...gameDataReads, 'listItemRemovals'],
  }),
  listItemRemovals: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/remove-items',
    summary: 'Past deductions and item removals',
    permission: itemEditors,
    query: pageQuery.extend({ userId: optionalPlayerUserId }),
    response: pagedList(playerEventSchema),
  }),

  listSuspiciousPlayers: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/suspicious',
    summary: 'Saves that broke a plausibility rule, newest first',
    permission: anyOf('abnormalUserQuery'),
    query: pageQuery.extend({
      userId: optionalPlayerUserId,
      reviewed: booleanQuery,
      rule: optionalEnum(suspicionRules),
    }),
    response: pagedList(suspicionSchema),
  }),
  reviewSuspicion: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/suspicious/:id/review',
    summary: 'Mark a suspicious-save record reviewed',
    permission: anyOf('abnormalUserQuery'),
    params: z.object({ id: playerUserId }),
    auditTarget: 'player',
    response: suspicionSchema,
    invalidates: ['listSuspiciousPlayers'],
  }),

  listSnapshots: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/snapshots',
    summary: "A player's state snapshots, newest first",
    permission: anyOf('snapshotQuery'),
    query: pageQuery.extend({ userId: playerUserId }),
    response: pagedList(snapshotInfoSchema),
  }),
  getSnapshot: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/snapshots/:id',
    summary: 'One snapshot with its state',
    permission: anyOf('snapshotQuery'),
    params: z.object({ id: playerUserId }),
    response: snapshotInfoSchema.extend({ state: playerStateSchema }),
  }),
  restoreSnapshot: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/snapshots/:id/restore',
    summary: "Put a snapshot's state back as the player's state",
    // Overwrites the whole state like a clear does, so it takes the clear permission: reading
    // snapshots (support staff) is not enough.
    permission: anyOf('userClearQuery'),
    params: z.object({ id: playerUserId }),
    body: z.object({ reason: optionalReason }),
    auditTarget: 'player',
    response: playerDetailSchema,
    invalidates: gameDataReads,
  }),
  getPlayerDataHistory: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/data-history',
    summary: 'What changed in the game state between consecutive snapshots, newest first',
    permission: anyOf('snapshotQuery'),
    query: pageQuery.extend({ userId: playerUserId }),
    response: pagedList(
      z.object({
        snapshotId: z.number().int(),
        saveCount: z.number().int(),
        nextSaveCount: z.number().int(),
        cause: z.string(),
        actor: z.string().nullable(),
        at: isoDate,
        changes: z.array(stateChangeSchema),
      }),
    ),
  }),

  listChatBans: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/chat-bans',
    summary: 'Players banned from chat now',
    permission: anyOf('guildNoSpeakingQuery'),
    query: pageQuery.extend({ userId: optionalPlayerUserId }),
    response: pagedList(playerSummarySchema),
  }),
  banChat: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/chat-ban',
    summary: 'Ban players from chat until a time (returned to the game at login)',
    permission: anyOf('guildNoSpeakingQuery'),
    body: z.object({ userIds: userIdListSchema, until: futureTime, reason: reasonSchema }),
    auditTarget: 'player',
    response: playersResult,
    invalidates: ['listChatBans', ...playerStateReads],
  }),
  liftChatBan: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/chat-ban/lift',
    summary: 'Lift chat bans',
    permission: anyOf('guildNoSpeakingQuery'),
    body: z.object({ userIds: userIdListSchema }),
    auditTarget: 'player',
    response: playersResult,
    invalidates: ['listChatBans', ...playerStateReads],
  }),

  listPlayerDevices: endpoint({
    method: 'GET',
    path: '/api/v1/game-users/devices',
    summary: 'Devices bound to a player',
    permission: anyOf('unbindDeviceQuery'),
    query: userIdQuery,
    response: z.array(z.object({ deviceId: z.string(), boundAt: isoDate, banned: z.boolean() })),
  }),
  unbindDevice: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/devices/unbind',
    summary: 'Unbind a device from a player (it logs in as a new player next time)',
    permission: anyOf('unbindDeviceQuery'),
    body: z.object({ userId: playerUserId, deviceId: externalId, reason: optionalReason }),
    auditTarget: 'player',
    response: playerDetailSchema,
    invalidates: ['listPlayerDevices', 'getPlayerDetail'],
  }),

  listBlacklist: endpoint({
    method: 'GET',
    path: '/api/v1/users/blacklist',
    summary: 'Blacklisted players (excluded from free rewards and leaderboards)',
    permission: anyOf('blacklistQuery'),
    query: pageQuery.extend({ userId: optionalPlayerUserId }),
    response: pagedList(playerSummarySchema),
  }),
  addToBlacklist: endpoint({
    method: 'POST',
    path: '/api/v1/users/blacklist',
    summary: 'Blacklist players',
    permission: anyOf('blacklistQuery'),
    body: z.object({ userIds: userIdListSchema, reason: reasonSchema }),
    auditTarget: 'player',
    response: playersResult,
    invalidates: ['listBlacklist', ...playerStateReads],
  }),
  removeFromBlacklist: endpoint({
    method: 'POST',
    path: '/api/v1/users/blacklist/remove',
    summary: 'Take players off the blacklist',
    permission: anyOf('blacklistQuery'),
    body: z.object({ userIds: userIdListSchema }),
    auditTarget: 'player',
    response: playersResult,
    invalidates: ['listBlacklist', ...playerStateReads],
  }),

  listPlayerEvents: endpoint({
    method: 'GET',
    path: '/api/v1/users/log',
    summary: "A player's event log: game events and console actions, newest first",
    permission: anyOf('userLogQuery'),
    query: pageQuery.extend({
      userId: playerUserId,
      type: optionalText,
      start: z.preprocess(blankToUndefined, isoDateTime.optional()),
      end: z.preprocess(blankToUndefined, isoDateTime.optional()),
    }),
    response: pagedList(playerEventSchema),
  }),
  deleteBusinessData: endpoint({
    method: 'POST',
    path: '/api/v1/game-users/business-data/delete',
    summary: "Erase the player's personal and analytics data; keep what accounting must keep",
    permission: anyOf('businessDataDelete'),
    body: z.object({ userId: playerUserId, reason: reasonSchema }),
    auditTarget: 'player',
    response: playerDetailSchema,
    invalidates: ['listPlayerEvents', ...playerStateReads],
  }),
});

/** What the game's servers call (X-Game-Key). */
export const playerGameEndpoints = /*#__PURE__*/ endpointTable({
  gameLogin: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/login',
    summary: 'Log a player in: by social ID, else by device binding, else a new player',
    permission: 'game',
    body: z.object({
      deviceId: externalId,
      socialId: optionalExternalId,
      anonymousId: optionalExternalId,
      deviceModel: requiredPlain(100),
      os: requiredPlain(32),
      appVersion: z
        .string({ error: 'v.appVersionFormat' })
        .trim()
        .regex(/^\d{1,6}(\.\d{1,6}){0,3}$/, { error: 'v.appVersionFormat' }),
      language: requiredPlain(16),
      /** Filled from the client's IP address (override, then the IP database) when not sent. */
      country: z.preprocess(blankToUndefined, requiredPlain(8).optional()),
    }),
    /** With `upgrade` when a (not forced) upgrade applies; 426 with `data.upgrade` when forced, 503 in maintenance. */
    response: gameStateAnswer.extend({ upgrade: upgradeAnswerSchema.optional() }),
  }),
  gameGetPlayer: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId',
    summary: "The player's state and save count",
    permission: 'game',
    params: userIdQuery,
    response: gameStateAnswer,
  }),
  gameSavePlayer: endpoint({
    method: 'PUT',
    path: '/api/game/v1/players/:userId/save',
    summary: 'Save the game state; the save count must advance (409 when stale)',
    permission: 'game',
    params: userIdQuery,
    body: z.object({
      saveCount: z.number({ error: 'v.amountInteger' }).int({ error: 'v.amountInteger' }).min(1).max(2_000_000_000),
      state: playerStateSchema,
      sessionEpoch: z.number().int().min(0).max(2_000_000_000),
      /** The device saving; a save from a device not bound to the player is flagged. */
      deviceId: externalId.optional(),
    }),
    response: z.object({ saveCount: z.number().int(), serverTime: z.string() }),
  }),
});
