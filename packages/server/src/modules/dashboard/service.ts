import { type DashboardRange, dashboardRangeDays, ONLINE_WINDOW_MINUTES } from '@rookery/contracts';
import { desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { playersLoggedInSince } from '../players/activity.js';
import { activityCheckpoints, activityDays, activityHours, activityRollup } from './tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `[day, activePlayers, newPlayers, logins]` */
type DayRow = [string, number, number, number];
/** `[hour in epoch milliseconds, logins, newPlayers]` */
type HourRow = [number | string, number, number];

/** A json column as the driver gives it: parsed already, or text. */
const parse = (value: unknown): unknown[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];

/** `YYYY-MM-DD` of the UTC day of `t`. */
export const utcDay = (t: Date) => t.toISOString().slice(0, 10);

/** The start of the UTC hour of `t`. */
export const utcHour = (t: Date) => new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);

/**
 * The activity figures of a range: per UTC day (active players, first logins, logins) for the
 * range's days up to today, per hour for the same span (today: the last 24 hours), every day and
 * hour listed (zero when quiet), and the players online now. Reads the rollups (tens to hundreds
 * of rows) and, for "online now", the last minutes of the event log by primary key.
 */
export async function activity(db: Db, range: DashboardRange, now: Date) {
  const dayCount = dashboardRangeDays[range];
  const firstDay = new Date(Date.parse(utcDay(now)) - (dayCount - 1) * DAY_MS);
  const lastHour = utcHour(now);
  const firstHour = new Date(lastHour.getTime() - (dayCount * 24 - 1) * HOUR_MS);
  const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);

  // Each rollup comes back as one JSON array in one row: a month of hours is 720 rows, and
  // one value costs the drivers (PGlite above all) far less than 720 rows of three fields.
  const [dayRows, hourRows, [state], [checkpoint]] = await Promise.all([
    db
      .select({
        list: sql<
          DayRow[] | null
        >`json_agg(json_build_array(${activityDays.day}, ${activityDays.activePlayers}, ${activityDays.newPlayers}, ${activityDays.logins}))`,
      })
      .from(activityDays)
      .where(gte(activityDays.day, utcDay(firstDay))),
    db
      .select({
        list: sql<
          HourRow[] | null
        >`json_agg(json_build_array((extract(epoch from ${activityHours.hour}) * 1000)::bigint, ${activityHours.logins}, ${activityHours.newPlayers}))`,
      })
      .from(activityHours)
      .where(gte(activityHours.hour, firstHour)),
    db.select().from(activityRollup).where(eq(activityRollup.id, 1)),
    // Events logged after a checkpoint have higher IDs: the window is read from the last
    // checkpoint before it, by primary key (a minute more than the window, with the run's lag).
    db
      .select({ eventId: activityCheckpoints.eventId })
      .from(activityCheckpoints)
      .where(lte(activityCheckpoints.at, since))
      .orderBy(desc(activityCheckpoints.at))
      .limit(1),
  ]);
  // Only in the first minutes of the very first start is there no checkpoint yet: then the whole log.
  const fromId = checkpoint ? checkpoint.eventId + 1 : 1;
  const onlineNow = await playersLoggedInSince(db, since, fromId);

  const byDay = new Map((parse(dayRows[0]?.list) as DayRow[]).map((r) => [r[0], r]));
  const days = Array.from({ length: dayCount }, (_, i) => {
    const day = utcDay(new Date(firstDay.getTime() + i * DAY_MS));
    const [, activePlayers = 0, newPlayers = 0, logins = 0] = byDay.get(day) ?? [];
    return { day, activePlayers, newPlayers, logins };
  });
  const byHour = new Map((parse(hourRows[0]?.list) as HourRow[]).map((r) => [Number(r[0]), r]));
  const hours = Array.from({ length: dayCount * 24 }, (_, i) => {
    const hour = new Date(firstHour.getTime() + i * HOUR_MS);
    const [, logins = 0, newPlayers = 0] = byHour.get(hour.getTime()) ?? [];
    return { hour: hour.toISOString(), logins, newPlayers };
  });
  return { range, onlineNow, days, hours, updatedAt: state?.updatedAt?.toISOString() ?? null };
}
