import { playerEndpoints } from '@rookery/contracts';
import { playerActionPage } from './player-action';

/** Erase a player's personal and analytics data; game data and accounting records stay. */
export default playerActionPage({
  name: 'businessDelete',
  endpoint: playerEndpoints.deleteBusinessData,
  route: 'gameUserBusiness',
  fields: ['userId', 'reason'],
  note: true,
  takes: (_, t) => t('players.businessDeleteNote'),
  after: 'detail',
});
