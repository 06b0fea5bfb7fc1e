import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import {
  blankToUndefined,
  isoDate,
  isoDateTime,
  optionalEnum,
  optionalIsoDate,
  playerUserId,
  rowId,
} from '../../fields.js';
import { pageSizeQuery } from '../../http.js';
import { name, optionalText, text } from '../../text.js';

/**
 * Guilds (issue 45 items 1–2): players create, join, leave and run guilds through the game API
 * and talk in guild chat; operators search guilds, rename, change the leader, remove members,
 * disband, read and delete chat, ban a guild from chat or from the game's guild list, and keep
 * the list of words no guild name may contain (docs/decisions/2026-11-28-guilds.md).
 */

export const { codes: guildRoles, labels: guildRoleLabels } = codedValues({
  leader: zhEn('会长', 'Leader'),
  officer: zhEn('官员', 'Officer'),
  member: zhEn('成员', 'Member'),
});
export type GuildRole = (typeof guildRoles)[number];

export const { codes: guildJoinModes, labels: guildJoinModeLabels } = codedValues({
  open: zhEn('自由加入', 'Open'),
  request: zhEn('申请加入', 'By request'),
});
export type GuildJoinMode = (typeof guildJoinModes)[number];

export const { codes: guildBanKinds, labels: guildBanKindLabels } = codedValues({
  chat: zhEn('禁止聊天', 'Chat'),
  list: zhEn('不在公会列表中显示', 'Guild list'),
});
export type GuildBanKind = (typeof guildBanKinds)[number];

export const { codes: guildStates, labels: guildStateLabels } = codedValues({
  active: zhEn('正常', 'Active'),
  disbanded: zhEn('已解散', 'Disbanded'),
});

/** A guild name's length (characters, after trimming). */
export const GUILD_NAME_MAX = 20;
/** A chat message's length (characters). */
export const GUILD_CHAT_MAX = 500;
/** The member limit a guild may set, and the one it gets when it sets none. */
export const GUILD_MEMBER_LIMIT = { min: 2, max: 100, default: 30 } as const;
/** Each player may post this many messages per window (any guild). */
export const GUILD_CHAT_RATE = { messages: 5, seconds: 10 } as const;

export const guildNameSchema = name({ required: 'guild.nameRequired', max: GUILD_NAME_MAX });
const memberLimit = z
  .number({ error: 'guild.memberLimit' })
  .int({ error: 'guild.memberLimit' })
  .min(GUILD_MEMBER_LIMIT.min, { error: 'guild.memberLimit' })
  .max(GUILD_MEMBER_LIMIT.max, { error: 'guild.memberLimit' });
const chatText = text({ max: GUILD_CHAT_MAX, required: 'guild.chatRequired' });
const reason = text({ max: 500 }).optional();

export const guildMemberSchema = z.object({
  userId: z.number().int(),
  role: z.enum(guildRoles),
  joinedAt: isoDate,
});

export const guildSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  joinMode: z.enum(guildJoinModes),
  memberLimit: z.number().int(),
  memberCount: z.number().int(),
  leaderId: z.number().int().nullable(),
  createdAt: isoDate,
  /** Chat is closed by the operators until this time (null: open). */
  chatBannedUntil: optionalIsoDate,
});
export type GuildView = z.input<typeof guildSchema>;

export const gameGuildSchema = guildSchema.extend({ members: z.array(guildMemberSchema) });

export const guildMessageSchema = z.object({
  id: z.number().int(),
  guildId: z.number().int(),
  userId: z.number().int(),
  /** Stored and answered as sent: markup is text. */
  text: z.string(),
  createdAt: isoDate,
});

const playerParams = z.object({ userId: playerUserId });
const guildParams = z.object({ guildId: rowId });
const cursorQuery = z.object({
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const guildGameEndpoints = /*#__PURE__*/ endpointTable({
  gameCreateGuild: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild',
    summary: 'Create a guild led by the player (the name unique, lookalikes included, and not filtered)',
    permission: 'game',
    params: playerParams,
    body: z.object({
      name: guildNameSchema,
      joinMode: z.enum(guildJoinModes, { error: 'guild.joinMode' }).default('open'),
      memberLimit: memberLimit.default(GUILD_MEMBER_LIMIT.default),
    }),
    response: gameGuildSchema,
  }),
  gameGetPlayerGuild: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/guild',
    summary: "The player's guild with its members and the player's role (null: in no guild), and their pending request",
    permission: 'game',
    params: playerParams,
    response: z.object({
      guild: gameGuildSchema.nullable(),
      role: z.enum(guildRoles).nullable(),
      /** Join requests waiting for the player's decision (leader and officers). */
      requests: z.array(z.object({ userId: z.number().int(), requestedAt: isoDate })),
      /** The guild the player asked to join (request-only guilds). */
      requestedGuildId: z.number().int().nullable(),
    }),
  }),
  gameGetGuild: endpoint({
    method: 'GET',
    path: '/api/game/v1/guilds/:guildId',
    summary: 'A guild with its members',
    permission: 'game',
    params: guildParams,
    response: gameGuildSchema,
  }),
  gameListGuilds: endpoint({
    method: 'GET',
    path: '/api/game/v1/guilds',
    summary: 'The guild list players browse, newest first (keyset): by name; guilds banned from the list are left out',
    permission: 'game',
    query: cursorQuery.extend({ name: optionalText(GUILD_NAME_MAX) }),
    response: z.object({ list: z.array(guildSchema), nextCursor: z.string().nullable() }),
  }),
  gameJoinGuild: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/join',
    summary: 'Join an open guild at once, or ask to join a request-only guild',
    permission: 'game',
    params: playerParams,
    body: z.object({ guildId: rowId }),
    response: z.object({ state: z.enum(['joined', 'requested']), guild: gameGuildSchema }),
  }),
  gameAnswerGuildRequest: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/requests',
    summary: "The leader or an officer accepts or declines a player's request to join",
    permission: 'game',
    params: playerParams,
    body: z.object({ requesterId: playerUserId, accept: z.boolean({ error: 'v.invalidValue' }) }),
    response: gameGuildSchema,
  }),
  gameLeaveGuild: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/leave',
    summary: 'Leave the guild (a leader with members hands over first; a leader alone disbands it)',
    permission: 'game',
    params: playerParams,
    response: z.object({ left: z.number().int(), disbanded: z.boolean() }),
  }),
  gameKickGuildMember: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/kick',
    summary: 'Remove a member (the leader anyone, an officer members only)',
    permission: 'game',
    params: playerParams,
    body: z.object({ memberId: playerUserId }),
    response: gameGuildSchema,
  }),
  gameSetGuildRole: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/role',
    summary: "The leader sets a member's role; naming another leader hands over (the old leader becomes an officer)",
    permission: 'game',
    params: playerParams,
    body: z.object({ memberId: playerUserId, role: z.enum(guildRoles, { error: 'guild.role' }) }),
    response: gameGuildSchema,
  }),
  gameUpdateGuildSettings: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/settings',
    summary: 'The leader changes how players join and the member limit (not below the members it has)',
    permission: 'game',
    params: playerParams,
    body: z.object({
      joinMode: z.enum(guildJoinModes, { error: 'guild.joinMode' }).optional(),
      memberLimit: memberLimit.optional(),
    }),
    response: gameGuildSchema,
  }),
  gameDisbandGuild: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/disband',
    summary: 'The leader disbands the guild',
    permission: 'game',
    params: playerParams,
    response: z.object({ disbanded: z.number().int() }),
  }),
  gamePostGuildChat: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/guild/chat',
    summary:
      "Post in the player's guild chat (length bound, rate limit, refused while the player or the guild is chat-banned)",
    permission: 'game',
    params: playerParams,
    body: z.object({ text: chatText }),
    response: guildMessageSchema,
  }),
  gameReadGuildChat: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/guild/chat',
    summary: "The player's guild chat, newest first by keyset (deleted messages never return)",
    permission: 'game',
    params: playerParams,
    query: cursorQuery,
    response: z.object({ list: z.array(guildMessageSchema), nextCursor: z.string().nullable() }),
  }),
});

/** A guild as operators see it in a list. */
export const consoleGuildSchema = guildSchema.extend({
  state: z.enum(['active', 'disbanded']),
  listBannedUntil: optionalIsoDate,
  chatBanReason: z.string().nullable(),
  listBanReason: z.string().nullable(),
  disbandedAt: optionalIsoDate,
});

export const consoleGuildDetailSchema = consoleGuildSchema.extend({
  members: z.array(guildMemberSchema.extend({ lastLoginAt: optionalIsoDate })),
});

export const consoleGuildMessageSchema = guildMessageSchema.extend({
  guildName: z.string(),
  deletedAt: optionalIsoDate,
  deletedBy: z.string().nullable(),
});

export const guildNameFilterSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoDate,
});

const guildReads = ['listGuilds', 'getGuild', 'listGuildBans'] as const;
const guildWrite = {
  permission: ['guildEdit'],
  auditTarget: 'guild',
  invalidates: [...guildReads, 'listGuildChat'],
} as const;
const idParam = z.object({ id: rowId });

export const guildEndpoints = /*#__PURE__*/ endpointTable({
  listGuilds: endpoint({
    method: 'GET',
    path: '/api/v1/guilds',
    summary: 'Guilds by name (contains, lookalikes folded) or ID, newest first (keyset)',
    permission: ['guildQuery'],
    query: cursorQuery.extend({
      search: optionalText(GUILD_NAME_MAX),
      state: optionalEnum(guildStates),
      pageSize: pageSizeQuery(),
    }),
    response: z.object({ list: z.array(consoleGuildSchema), nextCursor: z.string().nullable() }),
  }),
  getGuild: endpoint({
    method: 'GET',
    path: '/api/v1/guilds/:id',
    summary: 'One guild with its members, their roles and last login',
    permission: ['guildQuery'],
    params: idParam,
    response: consoleGuildDetailSchema,
  }),
  renameGuild: endpoint({
    method: 'POST',
    path: '/api/v1/guilds/:id/rename',
    summary: "Rename a guild (the game's name rules apply)",
    ...guildWrite,
    params: idParam,
    body: z.object({ name: guildNameSchema, reason }),
    response: consoleGuildDetailSchema,
  }),
  changeGuildLeader: endpoint({
    method: 'POST',
    path: '/api/v1/guilds/:id/leader',
    summary: 'Make a member the leader (the old leader becomes an officer)',
    ...guildWrite,
    params: idParam,
    body: z.object({ userId: playerUserId, reason }),
    response: consoleGuildDetailSchema,
  }),
  removeGuildMember: endpoint({
    method: 'POST',
    path: '/api/v1/guilds/:id/remove-member',
    summary: 'Remove a member (not the leader: change the leader first)',
    ...guildWrite,
    params: idParam,
    body: z.object({ userId: playerUserId, reason }),
    response: consoleGuildDetailSchema,
  }),
  disbandGuild: endpoint({
    method: 'POST',
    path: '/api/v1/guilds/:id/disband',
    summary: 'Disband a guild; each member is told by mail',
    ...guildWrite,
    params: idParam,
    body: z.object({ reason: text({ max: 500, required: 'v.reasonRequired' }) }),
    response: consoleGuildDetailSchema,
  }),
  banGuild: endpoint({
    method: 'POST',
    path: '/api/v1/guilds/:id/ban',
    summary: "Ban a guild from chat or from the game's guild list until a time",
    ...guildWrite,
    params: idParam,
    body: z.object({
      kind: z.enum(guildBanKinds, { error: 'guild.banKind' }),
      until: isoDateTime,
      reason: text({ max: 500, required: 'v.reasonRequired' }),
    }),
    response: consoleGuildDetailSchema,
  }),
  liftGuildBan: endpoint({
    method: 'POST',
    path: '/api/v1/guilds/:id/ban/lift',
    summary: 'Lift a chat or list ban',
    ...guildWrite,
    params: idParam,
    body: z.object({ kind: z.enum(guildBanKinds, { error: 'guild.banKind' }) }),
    response: consoleGuildDetailSchema,
  }),
  listGuildBans: endpoint({
    method: 'GET',
    path: '/api/v1/guild-bans',
    summary: 'Guilds banned now from chat or from the list, the ban ending first first',
    permission: ['guildQuery'],
    query: z.object({ kind: optionalEnum(guildBanKinds) }),
    response: z.object({ list: z.array(consoleGuildSchema) }),
  }),
  listGuildChat: endpoint({
    method: 'GET',
    path: '/api/v1/guild-chat',
    summary: "A guild's chat (or every guild's) in a time range with a text filter, newest first (keyset)",
    permission: ['guildChatQuery'],
    query: cursorQuery.extend({
      guildId: z.preprocess(blankToUndefined, rowId.optional()),
      userId: z.preprocess(blankToUndefined, playerUserId.optional()),
      text: optionalText(100),
      start: z.preprocess(blankToUndefined, isoDateTime.optional()),
      end: z.preprocess(blankToUndefined, isoDateTime.optional()),
      pageSize: pageSizeQuery(),
    }),
    response: z.object({ list: z.array(consoleGuildMessageSchema), nextCursor: z.string().nullable() }),
  }),
  deleteGuildMessages: endpoint({
    method: 'POST',
    path: '/api/v1/guild-chat/delete',
    summary: 'Delete chat messages: the game no longer returns them',
    permission: ['guildChatEdit'],
    auditTarget: 'guildMessage',
    invalidates: ['listGuildChat'],
    body: z.object({
      ids: z.array(rowId, { error: 'v.itemsRequired' }).min(1, { error: 'v.itemsRequired' }).max(100),
      reason,
    }),
    response: z.object({ deleted: z.number().int() }),
  }),
  listGuildNameFilters: endpoint({
    method: 'GET',
    path: '/api/v1/guild-name-filters',
    summary: 'Words no guild name may contain (lookalikes folded)',
    permission: ['guildQuery'],
    response: z.object({ list: z.array(guildNameFilterSchema) }),
  }),
  addGuildNameFilter: endpoint({
    method: 'POST',
    path: '/api/v1/guild-name-filters',
    summary: 'Add a word no guild name may contain (existing guilds keep their names)',
    permission: ['guildEdit'],
    auditTarget: 'guildNameFilter',
    invalidates: ['listGuildNameFilters'],
    body: z.object({ word: text({ max: GUILD_NAME_MAX, required: 'guild.filterWordRequired' }) }),
    response: guildNameFilterSchema,
  }),
  removeGuildNameFilter: endpoint({
    method: 'DELETE',
    path: '/api/v1/guild-name-filters/:id',
    summary: 'Remove a filtered word',
    permission: ['guildEdit'],
    auditTarget: 'guildNameFilter',
    invalidates: ['listGuildNameFilters'],
    params: idParam,
    response: z.object({ removed: z.number().int() }),
  }),
});
