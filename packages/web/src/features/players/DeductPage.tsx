import { playerEndpoints } from '@rookery/contracts';
import { rewardsText } from '../shared/RewardsEditor';
import { playerActionPage } from './player-action';

/** Take resources from a player; never below zero (a short item refuses the whole deduction). */
export default playerActionPage({
  name: 'deduct',
  endpoint: playerEndpoints.deductResources,
  route: 'gameUserDeduct',
  fields: ['userId', 'items', 'reason'],
  takes: ({ items }) => rewardsText(items),
  after: 'detail',
});
