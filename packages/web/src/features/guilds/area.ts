import { FlagOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** Guild tools: the guild list, guild chat and bans. Listed once in `app/areas.ts`. */
export const guildsArea = {
  name: 'guilds',
  pages: {
    guildList: () => import('./GuildListPage'),
    guildChat: () => import('./GuildChatPage'),
    guildBan: () => import('./GuildBanPage'),
  },
  icons: { FlagOutlined },
} satisfies WebArea;
