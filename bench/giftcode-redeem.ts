import { sql } from 'drizzle-orm';
import { REDEEM_STATEMENTS, RedemptionQueue, redeemGiftCode } from '../packages/server/src/modules/giftcodes/redeem.js';
import { createBenchBatch } from './giftcode-generate.js';
import { alternatingThroughput, assertRight, gameWriteBench, log, resultLine } from './harness.js';

/**
 * `bench giftcode-redeem`: redemptions per second of one shared code (its limit far above the
 * run) by distinct players, through the game API's service (`redeemGiftCode` with the route's
 * queue: statements that check, take a counter slot, write the redemption, grant the rewards and
 * log the event), against single-row inserts through the same database path in the same run,
 * in alternating slices after a warm-up (the harness's `alternatingThroughput`: drift from
 * autovacuum or a checkpoint after seeding hits both alike). Each redemption also writes its resource
 * ledger row (issue 42), checked after the run. Each player redeems once per code; when
 * the seeded players run out, the next of four shared codes takes over. Target: ratio ≥ 0.5.
 */
export async function benchGiftCodeRedeem(): Promise<string> {
  const { players, seconds, database, concurrency, clock, seed } = await gameWriteBench();
  try {
    const seeded = await seed();
    const now = clock.now();
    const codes = ['BENCHSPRING', 'BENCHSUMMER', 'BENCHAUTUMN', 'BENCHWINTER'];
    const batchIds: number[] = [];
    for (const code of codes) {
      const batch = await createBenchBatch(database.db, now, { kind: 'shared', code, totalLimit: 100_000_000 });
      batchIds.push(batch.id);
    }
    await database.db.execute(sql`create table bench_rows (id bigserial primary key, note text not null)`);
    // Seeding leaves work for autovacuum and a checkpoint: done now, not during the measurement.
    // (Only the seeded tables: statistics taken of the empty redemption tables would go stale as
    // they fill, and PGlite has no autovacuum to take them again.)
    await database.db.execute(sql`vacuum analyze players, player_devices, player_events, resource_ledger`);
    await database.db.execute(sql`checkpoint`);
    const count = seeded.lastId - seeded.firstId + 1;
    const refused: string[] = [];
    // The game route's queue: redemptions arriving together share a statement.
    const queue = new RedemptionQueue(database.db, REDEEM_STATEMENTS[database.kind]);
    let next = 0;
    const redeem = async () => {
      const i = next++;
      const code = codes[Math.floor(i / count)];
      if (!code) throw new Error(`every seeded player redeemed every code: raise BENCH_PLAYERS (${players})`);
      const r = await redeemGiftCode(
        database.db,
        {
          userId: seeded.firstId + (i % count),
          code: code.toLowerCase(),
          ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
          locale: 'en-US',
          now: clock.now(),
          dryRun: false,
        },
        queue,
      );
      if (r.status !== 'redeemed') refused.push(r.status);
    };
    log(`single-row inserts and redemptions by distinct players, alternating for ${seconds} s each`);
    const measured = await alternatingThroughput(
      () => database.db.execute(sql`insert into bench_rows (note) values ('x')`),
      redeem,
      seconds,
      concurrency,
    );
    log(`queue: ${JSON.stringify(queue.sent)}`);
    // Every call redeemed, and the batches counted exactly those, once each.
    assertRight(refused.length === 0, `refusals: ${[...new Set(refused)].join(', ')}`);
    const counted = (await database.db.execute(
      sql`select (select sum(claimed)::int from gift_code_counters where batch_id in ${batchIds}) as claimed,
                 (select count(*)::int from gift_code_redemptions where batch_id in ${batchIds}) as rows,
                 (select count(*)::int from resource_ledger where source = 'giftCode') as ledger`,
    )) as unknown as { rows: { claimed: number; rows: number; ledger: number }[] };
    const { claimed, rows, ledger } = counted.rows[0];
    assertRight(Number(claimed) === next && Number(rows) === next, `claimed ${claimed}, rows ${rows}, calls ${next}`);
    // The ledger was written with each: one row per redemption (the batch grants one resource).
    assertRight(Number(ledger) === next, `ledger rows ${ledger}, redemptions ${next}`);
    return resultLine(
      'giftcode-redeem',
      `${Math.round(measured.subject)} redemptions/s of one shared code by distinct players (${next} in all; ${database.kind}, ${concurrency} workers; median of ${measured.slices} alternating slices)`,
      measured.ratio,
      `single-row inserts ${Math.round(measured.baseline)}/s`,
    );
  } finally {
    await database.close();
  }
}
