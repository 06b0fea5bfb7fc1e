import { playerEndpoints } from '@rookery/contracts';
import { playerActionPage } from './player-action';

/** Blacklist up to 25 players with a reason. */
export default playerActionPage({
  name: 'blacklistAdd',
  endpoint: playerEndpoints.addToBlacklist,
  route: 'usersAddBlacklist',
  fields: ['userIds', 'reason'],
  after: 'usersBlacklist',
});
