import { playerEndpoints } from '@rookery/contracts';
import { moderationPage } from './ModerationList';

/** Ban players from chat until a time (the game learns it at login) and lift bans. */
export default moderationPage({
  form: {
    name: 'chatBan',
    endpoint: playerEndpoints.banChat,
    route: 'gameUserChatBan',
    fields: ['userIds', 'chatUntil', 'reason'],
  },
  endpoint: playerEndpoints.listChatBans,
  columns: ['userId', 'chatBannedUntil', 'chatBanReason', 'status', 'lastLoginAt'],
  takeOff: { name: 'liftChatBan', endpoint: playerEndpoints.liftChatBan },
});
