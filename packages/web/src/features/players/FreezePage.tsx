import { playerEndpoints } from '@rookery/contracts';
import { playerActionPage } from './player-action';

/** Freeze up to 25 accounts (one ID per line) with a reason and an optional end time. */
export default playerActionPage({
  name: 'freeze',
  endpoint: playerEndpoints.freezePlayers,
  route: 'gameUserFroze',
  fields: ['userIds', 'reason', 'until'],
  after: 'gameUserBanList',
});
