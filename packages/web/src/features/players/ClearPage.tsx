import { playerEndpoints } from '@rookery/contracts';
import { playerActionPage } from './player-action';

/** Reset a player's game data to a new player's (a snapshot is kept first). */
export default playerActionPage({
  name: 'clear',
  endpoint: playerEndpoints.clearPlayerData,
  route: 'gameUserClear',
  fields: ['userId', 'reason'],
  takes: (_, t) => t('players.clearRemoved'),
  after: 'detail',
});
