import { sql } from 'drizzle-orm';
import { claimQueue, createSeason } from '../packages/server/src/modules/battlepass/service.js';
import { alternatingThroughput, assertRight, gameWriteBench, log, resultLine } from './harness.js';

/**
 * `bench battle-pass-claim`: battle-pass claims per second by distinct players (the game API's
 * `claimQueue`: the claims arriving together share one `battle_pass_claim_apply` statement, each
 * with the running season, the player's progress, the unique claim row, the rewards through
 * `apply_rewards` with its event and ledger row), against single-row inserts
 * through the same database path in the same run, in alternating slices. Each player claims level
 * 1's free reward once; when the seeded players run out, level 2 takes over, and so on.
 * Answers checked: every call granted, one claim row and one ledger row each. Target: ratio ≥ 0.5.
 */
export async function benchBattlePassClaim(): Promise<string> {
  const { players, seconds, database, concurrency, clock, seed } = await gameWriteBench();
  try {
    const seeded = await seed();
    const now = clock.now();
    const levels = Array.from({ length: 20 }, (_, i) => ({
      xp: i,
      free: [{ kind: 'gem' as const, amount: 1 }],
      premium: [],
    }));
    // Every seeded player holds the XP of all 20 levels.
    const season = await database.db.transaction((tx) =>
      createSeason(
        tx,
        {
          pass: 'main',
          name: 'Bench season',
          startAt: new Date(now.getTime() - 86_400_000).toISOString(),
          endAt: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
          levels,
          xpSources: [],
          mailUnclaimed: false,
        },
        now,
      ),
    );
    await database.db.execute(
      sql`insert into battle_pass_progress (user_id, season_id, xp, premium, updated_at)
          select id, ${season.id}, 100, false, now() from players`,
    );
    await database.db.execute(sql`create table bench_rows (id bigserial primary key, note text not null)`);
    await database.db.execute(sql`vacuum analyze players, player_events, resource_ledger, battle_pass_progress`);
    await database.db.execute(sql`checkpoint`);
    const count = seeded.lastId - seeded.firstId + 1;
    const refused: string[] = [];
    let next = 0;
    // The game API's path: claims arriving together share a statement (`claimQueue`).
    const queue = claimQueue(database.db, database.kind, () => clock.now());
    const claimOne = async () => {
      const i = next++;
      const level = Math.floor(i / count) + 1;
      if (level > levels.length)
        throw new Error(`every seeded player claimed every level: raise BENCH_PLAYERS (${players})`);
      const r = await queue.submit({ userId: seeded.firstId + (i % count), pass: 'main', level, track: 'free' });
      if (r.duplicate) refused.push('duplicate');
    };
    log(`single-row inserts and claims by distinct players, alternating for ${seconds} s each`);
    const measured = await alternatingThroughput(
      () => database.db.execute(sql`insert into bench_rows (note) values ('x')`),
      claimOne,
      seconds,
      concurrency,
    );
    assertRight(refused.length === 0, `duplicates: ${refused.length}`);
    const counted = (await database.db.execute(
      sql`select (select count(*)::int from battle_pass_claims where season_id = ${season.id}) as claims,
                 (select count(*)::int from resource_ledger where source = 'battlePass') as ledger`,
    )) as unknown as { rows: { claims: number; ledger: number }[] };
    const { claims, ledger } = counted.rows[0]!;
    assertRight(Number(claims) === next, `claim rows ${claims}, calls ${next}`);
    assertRight(Number(ledger) === next, `ledger rows ${ledger}, claims ${next}`);
    return resultLine(
      'battle-pass-claim',
      `${Math.round(measured.subject)} claims/s by distinct players (${next} in all; ${database.kind}, ${concurrency} workers, ${(queue.sent.items / Math.max(1, queue.sent.batches)).toFixed(1)} claims a batch, ${queue.sent.retriedAlone} run again alone; median of ${measured.slices} alternating slices)`,
      measured.ratio,
      `single-row inserts ${Math.round(measured.baseline)}/s`,
    );
  } finally {
    await database.close();
  }
}
