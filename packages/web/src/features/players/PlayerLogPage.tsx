import { useSearchParams } from 'react-router';
import { PlayerEventList } from './PlayerEventList';

/** The player event log screen (`?userId=` opens one player's log). */
export default function PlayerLogPage() {
  const userId = Number(useSearchParams()[0].get('userId')) || undefined;
  return <PlayerEventList key={userId ?? 'search'} userId={userId} />;
}
