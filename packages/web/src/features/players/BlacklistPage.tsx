import { playerEndpoints } from '@rookery/contracts';
import { moderationPage } from './ModerationList';

/** Blacklisted players (no free rewards, no leaderboards); take them off one by one or in a batch. */
export default moderationPage({
  endpoint: playerEndpoints.listBlacklist,
  columns: ['userId', 'socialId', 'blacklistReason', 'status', 'lastLoginAt'],
  takeOff: { name: 'blacklistRemove', endpoint: playerEndpoints.removeFromBlacklist },
  add: { route: 'usersAddBlacklist', action: 'blacklistAdd' },
});
