import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import {
  guildBanKindLabels,
  guildEndpoints,
  guildGameEndpoints,
  guildJoinModeLabels,
  guildRoleLabels,
  guildStateLabels,
} from './endpoints.js';
import { guildMessages } from './messages.js';
import { guildRoutes } from './routes.js';

/**
 * The spec gives guilds only read permissions (`guildQuery`, `guildChatQuery`, declared by the
 * orders area's group): changing a guild and deleting chat get their own
 * (docs/decisions/2026-11-28-guilds.md).
 */
const permissions = {
  guilds: {
    label: zhEn('公会管理', 'Guild moderation'),
    permissions: {
      // Not in the spec's list: the guild tools change guilds and chat.
      guildEdit: zhEn(
        '管理公会（改名、会长、成员、解散、封禁、屏蔽词）',
        'Manage guilds (rename, leader, members, disband, bans, name filter)',
      ),
      guildChatEdit: zhEn('删除公会聊天', 'Delete guild chat'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

const edits: GrantList<typeof permissions> = ['guildEdit', 'guildChatEdit'];
const grants = {
  operation: edits,
  developer: edits,
} satisfies DefaultGrants<typeof permissions>;

const guildAction = (zh: string, en: string, zhSentence: string, enSentence: string) => ({
  label: zhEn(zh, en),
  sentence: zhEn(zhSentence, enSentence),
  target: 'guild',
});

const audit = {
  objects: {
    guild: {
      label: zhEn('公会 #{id}', 'guild #{id}'),
      page: { route: 'guildList', query: (id) => ({ search: id }) },
    },
    guildMessage: {
      label: zhEn('公会聊天消息 #{id}', 'guild chat message #{id}'),
    },
    guildNameFilter: {
      label: zhEn('公会名称屏蔽词 #{id}', 'guild name filter #{id}'),
    },
  },
  actions: {
    renameGuild: guildAction('公会改名', 'Rename guild', '为{guild}改名', 'renamed {guild}'),
    changeGuildLeader: guildAction(
      '更换会长',
      'Change guild leader',
      '更换了{guild}的会长',
      'changed the leader of {guild}',
    ),
    removeGuildMember: guildAction(
      '移除公会成员',
      'Remove guild member',
      '从{guild}移除了成员',
      'removed a member from {guild}',
    ),
    disbandGuild: guildAction('解散公会', 'Disband guild', '解散了{guild}', 'disbanded {guild}'),
    banGuild: guildAction('封禁公会', 'Ban guild', '封禁了{guild}', 'banned {guild}'),
    liftGuildBan: guildAction('解除公会封禁', 'Lift guild ban', '解除了{guild}的封禁', 'lifted the ban of {guild}'),
    deleteGuildMessages: {
      label: zhEn('删除公会聊天', 'Delete guild chat'),
      sentence: zhEn('删除了{guildMessage}', 'deleted {guildMessage}'),
      target: 'guildMessage',
    },
    addGuildNameFilter: {
      label: zhEn('添加公会名称屏蔽词', 'Add guild name filter'),
      sentence: zhEn('添加了{guildNameFilter}', 'added {guildNameFilter}'),
      target: 'guildNameFilter',
    },
    removeGuildNameFilter: {
      label: zhEn('删除公会名称屏蔽词', 'Remove guild name filter'),
      sentence: zhEn('删除了{guildNameFilter}', 'removed {guildNameFilter}'),
      target: 'guildNameFilter',
    },
  },
} satisfies AreaAudit;

/** Guilds and guild chat: the game's calls and the operators' tools. */
export const guildsArea = defineArea({
  name: 'guilds',
  permissions,
  grants,
  routes: guildRoutes,
  audit,
  endpoints: { ...guildEndpoints, ...guildGameEndpoints },
  messages: guildMessages,
  values: {
    guildRole: guildRoleLabels,
    joinMode: guildJoinModeLabels,
    banKind: guildBanKindLabels,
    guildState: guildStateLabels,
  },
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    guilds: typeof permissions;
  }
  interface AreaRouteTables {
    guilds: typeof guildRoutes;
  }
  interface AreaMessages {
    guilds: typeof guildMessages;
  }
}

export * from './endpoints.js';
export * from './messages.js';
