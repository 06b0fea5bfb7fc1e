import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/**
 * Demo logins over the last `days` days for the demo players `firstId…lastId`, so the dashboard's
 * charts have a history: each day about `dailyShare` of the players log in once at a time spread
 * over the day (today: up to now), and a player whose first login falls in the window gets its
 * first login (`via: 'new'`) then. Days are written oldest first and each day in time order, as
 * live logins arrive. Returns the number of events written.
 */
export async function seedDemoLogins(
  db: Db,
  firstId: number,
  lastId: number,
  opts: { days?: number; dailyShare?: number; now: Date },
): Promise<number> {
  const days = opts.days ?? 30;
  const percent = Math.round((opts.dailyShare ?? 0.08) * 1000);
  const now = opts.now.toISOString();
  let written = 0;
  for (let d = days - 1; d >= 0; d -= 1) {
    const result = (await db.execute(sql`
      with span as (
        select date_trunc('day', ${now}::timestamptz at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${d}) as start
      ),
      logins as (
        select p.id as user_id, 'device' as via,
          span.start + make_interval(secs => ((p.id * 7919 + ${d} * 104729) % greatest(1, least(86400,
            extract(epoch from ${now}::timestamptz - span.start)::bigint)))::int) as at
        from players p, span
        where p.id between ${firstId} and ${lastId} and ((p.id * 2654435761 + ${d} * 40503) % 1000) < ${percent}
        union all
        select p.id, 'new', p.first_login_at
        from players p, span
        where p.id between ${firstId} and ${lastId}
          and p.first_login_at >= span.start and p.first_login_at < span.start + interval '1 day'
          and p.first_login_at <= ${now}::timestamptz
      ),
      ins as (
        insert into player_events (user_id, type, data, at)
        select user_id, 'login', jsonb_build_object('via', via), at from logins order by at
        returning 1
      )
      select count(*)::int as n from ins`)) as unknown as { rows: { n: number }[] };
    written += Number(result.rows[0].n);
  }
  await db.execute(sql`analyze player_events`);
  return written;
}
