import { type DashboardRange, dashboardRangeDays, ONLINE_WINDOW_MINUTES } from '@rookery/contracts';
import { eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { playersLoggedInSince } from '../players/activity.js';
import { activityDays, activityHours, activityRollup } from './tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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
export async function activity(db: Db, range: DashboardRange, now = new Date()) {
  const dayCount = dashboardRangeDays[range];
  const firstDay = new Date(Date.parse(utcDay(now)) - (dayCount - 1) * DAY_MS);
  const lastHour = utcHour(now);
  const firstHour = new Date(lastHour.getTime() - (dayCount * 24 - 1) * HOUR_MS);
  const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);

  const [dayRows, hourRows, [state], [window]] = await Promise.all([
    db
      .select()
      .from(activityDays)
      .where(gte(activityDays.day, utcDay(firstDay))),
    db.select().from(activityHours).where(gte(activityHours.hour, firstHour)),
    db.select().from(activityRollup).where(eq(activityRollup.id, 1)),
    // Every event of the window has an ID at least the first one rolled up for its hour, or is
    // newer than the rollup: so the window is read from there by primary key.
    db
      .select({ from: sql<string | number | null>`min(${activityHours.firstEventId})` })
      .from(activityHours)
      .where(gte(activityHours.hour, utcHour(since))),
  ]);
  const afterRollup = (state?.lastEventId ?? 0) + 1;
  const fromId = Math.min(Number(window?.from ?? afterRollup), afterRollup);
  const onlineNow = await playersLoggedInSince(db, since, fromId);

  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  const days = Array.from({ length: dayCount }, (_, i) => {
    const day = utcDay(new Date(firstDay.getTime() + i * DAY_MS));
    const row = byDay.get(day);
    return { day, activePlayers: row?.activePlayers ?? 0, newPlayers: row?.newPlayers ?? 0, logins: row?.logins ?? 0 };
  });
  const byHour = new Map(hourRows.map((r) => [r.hour.getTime(), r]));
  const hours = Array.from({ length: dayCount * 24 }, (_, i) => {
    const hour = new Date(firstHour.getTime() + i * HOUR_MS);
    const row = byHour.get(hour.getTime());
    return { hour: hour.toISOString(), logins: row?.logins ?? 0, newPlayers: row?.newPlayers ?? 0 };
  });
  return { range, onlineNow, days, hours, updatedAt: state?.updatedAt?.toISOString() ?? null };
}
