import { playerEndpoints } from '@rookery/contracts';
import { moderationPage } from './ModerationList';

/** The ban list, also the unban screen: players frozen now, unfrozen one by one or in a batch. */
export default moderationPage({
  endpoint: playerEndpoints.listFrozenPlayers,
  columns: ['userId', 'socialId', 'status', 'frozenReason', 'frozenUntil'],
  // Who froze the player and when: the ban list answers "since when, and whose call".
  extra: [
    { name: 'frozenBy', title: 'players.frozenBy' },
    { name: 'frozenAt', title: 'players.frozenAt', kind: 'time' },
    { name: 'lastLoginAt', title: 'players.lastLoginAt', kind: 'time' },
  ],
  takeOff: { name: 'unfreeze', endpoint: playerEndpoints.unfreezePlayers },
  add: { route: 'gameUserFroze', action: 'freeze', danger: true },
});
