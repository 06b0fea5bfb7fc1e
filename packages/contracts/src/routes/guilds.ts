import { defineRoutes, ops } from './types.js';

/** Guilds: chat, list, bans (not built yet). */
export const guildRoutes = defineRoutes([
  {
    path: '/guild',
    name: 'guild',
    icon: 'FlagOutlined',
    redirect: '/guild/chat',
    auth: ops('guildChatQuery', 'guildQuery'),
    children: [
      { path: 'chat', name: 'guildChat', auth: ops('guildChatQuery') },
      { path: 'list', name: 'guildList', auth: ops('guildQuery') },
      { path: 'ban', name: 'guildBan', auth: ops('guildQuery') },
    ],
  },
]);
