import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops } from '../../routes/types.js';

/** Guilds: chat, list, bans. */
export const guildRoutes = defineRoutes([
  {
    path: '/guild',
    name: 'guild',
    title: zhEn('公会', 'Guilds'),
    icon: 'FlagOutlined',
    redirect: '/guild/chat',
    auth: ops('guildChatQuery', 'guildQuery'),
    children: [
      {
        path: 'chat',
        name: 'guildChat',
        title: zhEn('公会聊天', 'Guild chat'),
        auth: ops('guildChatQuery'),
        built: true,
      },
      { path: 'list', name: 'guildList', title: zhEn('公会列表', 'Guild list'), auth: ops('guildQuery'), built: true },
      { path: 'ban', name: 'guildBan', title: zhEn('公会封禁', 'Guild bans'), auth: ops('guildQuery'), built: true },
    ],
  },
]);
