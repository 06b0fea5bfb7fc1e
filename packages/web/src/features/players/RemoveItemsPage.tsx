import { gameLabel, playerEndpoints } from '@rookery/contracts';
import { currentLocale } from '../../i18n';
import { playerActionPage } from './player-action';

/** Remove resource kinds from a player entirely (the removal list shows what was held). */
export default playerActionPage({
  name: 'removeItems',
  endpoint: playerEndpoints.removeItems,
  route: 'gameUserRemoveEdit',
  fields: ['userId', 'kinds', 'reason'],
  takes: ({ kinds }) => kinds.map((kind) => gameLabel(kind, currentLocale())).join(', '),
  after: 'gameUserRemove',
});
