import type { Leaderboard } from '@rookery/contracts';

const DAY_MS = 86_400_000;

/** The calendar date (YYYY-MM-DD) of `now` in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whole days from date `a` to date `b` (both YYYY-MM-DD). */
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/**
 * The period of a board at `now`, named by its first local day: `all` for a board that never
 * resets, the local date for a daily one, `W` and the Monday for a weekly one, `S<n>` for the
 * n-th season (`S0` before the first). A reset is the period changing.
 */
export function periodOf(board: Pick<Leaderboard, 'reset' | 'timeZone' | 'seasonStart' | 'seasonDays'>, now: Date) {
  if (board.reset === 'never') return 'all';
  const today = localDate(now, board.timeZone);
  if (board.reset === 'daily') return today;
  if (board.reset === 'weekly') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    return `W${new Date(Date.parse(`${today}T00:00:00Z`) - weekday * DAY_MS).toISOString().slice(0, 10)}`;
  }
  const start = board.seasonStart ?? today;
  const days = daysBetween(start, today);
  return days < 0 ? 'S0' : `S${Math.floor(days / (board.seasonDays ?? 1)) + 1}`;
}
