import { eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { deleteInBatches } from '../../platform/housekeeping.js';
import { defineJob } from '../../platform/jobs/index.js';
import { latestEventId, loginEventsBetween } from '../players/activity.js';
import { activityCheckpoints, activityDayPlayers, activityDays, activityHours, activityRollup } from './tables.js';

/**
 * Takes the login events of the player event log into the dashboard's rollups (per hour, per
 * day, who was active on a day). A job runs it every half minute on one instance; runs take the state
 * row's lock, so two never read the same events. Events are read by primary key in chunks, each
 * chunk one transaction: a backlog (a first start over an existing log) never holds a lock long.
 *
 * An event's ID is taken when its row is inserted, but it is visible only when its transaction
 * commits; a run reads only up to the highest ID the previous run saw (half a minute earlier),
 * so a login still committing is not skipped. `catchUp` reads up to the newest ID at once (for
 * seeding, tests and benchmarks, where nothing else writes).
 */

export const ROLLUP_INTERVAL_MS = 30_000;
const CHUNK = 50_000;
/** Days whose active players stay listed (one player, one count per day); older days keep only their count. */
const DAYS_LISTED = 2;
/** Checkpoints older than this are dropped ("online now" needs the last few minutes). */
const CHECKPOINTS_KEPT_MS = 3_600_000;

export async function rollupActivity(
  db: Db,
  opts: {
    now: Date;
    catchUp?: boolean;
    /** Events taken in of those the run found (the job reports it: a backlog's run shows it moves). */
    progress?: (done: number, total: number) => Promise<void>;
  },
): Promise<void> {
  const { now } = opts;
  await db.insert(activityRollup).values({ id: 1 }).onConflictDoNothing();
  let first: number | undefined;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [state] = await tx.select().from(activityRollup).where(eq(activityRollup.id, 1)).for('update');
      const latest = await latestEventId(tx);
      const upTo = opts.catchUp ? latest : Math.min(state.seenEventId, latest);
      if (state.lastEventId >= upTo) {
        await tx.update(activityRollup).set({ seenEventId: latest, updatedAt: now }).where(eq(activityRollup.id, 1));
        await tx.insert(activityCheckpoints).values({ at: now, eventId: latest }).onConflictDoNothing();
        return null;
      }
      const to = Math.min(upTo, state.lastEventId + CHUNK);
      await takeIn(tx, state.lastEventId, to);
      await tx.update(activityRollup).set({ lastEventId: to, updatedAt: now }).where(eq(activityRollup.id, 1));
      return { from: state.lastEventId, to, upTo };
    });
    if (!step) break;
    first ??= step.from;
    await opts.progress?.(step.to - first, step.upTo - first);
  }
  await db.delete(activityCheckpoints).where(lt(activityCheckpoints.at, new Date(now.getTime() - CHECKPOINTS_KEPT_MS)));
  const keepFrom = new Date(now.getTime() - (DAYS_LISTED - 1) * 86_400_000).toISOString().slice(0, 10);
  await deleteInBatches(
    db,
    (limit) =>
      sql`delete from ${activityDayPlayers} where ctid in (select ctid from ${activityDayPlayers} where ${lt(activityDayPlayers.day, keepFrom)} limit ${limit})`,
  );
}

/** Add the login events `fromId < id ≤ toId` to the rollups, in one statement. */
async function takeIn(db: Db, fromId: number, toId: number) {
  const day = sql`(at at time zone 'UTC')::date`;
  await db.execute(sql`
    with ev as (${loginEventsBetween(fromId, toId)}),
    hours as (
      insert into ${activityHours} (hour, logins, new_players)
      select date_trunc('hour', at at time zone 'UTC') at time zone 'UTC', count(*), count(*) filter (where is_new)
      from ev group by 1
      on conflict (hour) do update set
        logins = ${activityHours.logins} + excluded.logins,
        new_players = ${activityHours.newPlayers} + excluded.new_players
    ),
    fresh as (
      insert into ${activityDayPlayers} (day, user_id) select distinct ${day}, user_id from ev
      on conflict do nothing
      returning day
    ),
    per_day as (select ${day} as day, count(*) as logins, count(*) filter (where is_new) as new_players from ev group by 1),
    fresh_per_day as (select day, count(*) as active from fresh group by 1)
    insert into ${activityDays} (day, active_players, new_players, logins)
    select coalesce(p.day, f.day), coalesce(f.active, 0), coalesce(p.new_players, 0), coalesce(p.logins, 0)
    from per_day p full join fresh_per_day f on f.day = p.day
    on conflict (day) do update set
      active_players = ${activityDays.activePlayers} + excluded.active_players,
      new_players = ${activityDays.newPlayers} + excluded.new_players,
      logins = ${activityDays.logins} + excluded.logins`);
}

/** The rollup as a job: one run per half minute across every instance, one at a time. */
export const rollupJob = defineJob({
  name: 'dashboard.rollup',
  payload: z.object({}),
  schedule: { everySeconds: ROLLUP_INTERVAL_MS / 1000 },
  retry: { limit: 1, delaySeconds: 5, backoff: false },
  concurrency: 1,
  leaseSeconds: 10 * 60,
  handler: ({ db, clock, progress }) => rollupActivity(db, { now: clock.now(), progress }),
});
