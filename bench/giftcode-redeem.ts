import { sql } from 'drizzle-orm';
import { createBatch } from '../packages/server/src/modules/giftcodes/batches.js';
import { REDEEM_STATEMENTS, RedemptionQueue, redeemGiftCode } from '../packages/server/src/modules/giftcodes/redeem.js';
import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import { ServiceClock } from '../packages/server/src/platform/clock.js';
import { assertRight, log, ms, openBenchDatabase, resultLine } from './harness.js';

/** Work for `seconds` with `concurrency` workers, each taking the next index until `limit`. */
async function run(op: (i: number) => Promise<unknown>, seconds: number, concurrency: number, limit = Infinity) {
  const end = Date.now() + seconds * 1000;
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end && next < limit) await op(next++);
    }),
  );
  return { done: Math.min(next, limit), perSecond: Math.min(next, limit) / (ms(started) / 1000) };
}

/**
 * `bench giftcode-redeem`: redemptions per second of one shared code (its limit far above the
 * run) by distinct players, through the game API's service (`redeemGiftCode` with the route's
 * queue: statements that check, take a counter slot, write the redemption, grant the rewards and
 * log the events), against single-row inserts through the same database path in the same run.
 * Target: ratio ≥ 0.5.
 */
export async function benchGiftCodeRedeem(): Promise<string> {
  const players = Number(process.env.BENCH_PLAYERS ?? 20_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const database = await openBenchDatabase();
  const onPostgres = database.kind === 'postgres';
  const concurrency = onPostgres ? 16 : 4;
  const clock = new ServiceClock();
  try {
    const seeded = await seedDemoPlayers(database.db, players, (done) => log(`seeded ${done} / ${players} players`));
    const now = clock.now();
    const batch = await createBatch(
      database.db,
      {
        name: 'bench',
        description: { 'zh-CN': undefined, 'en-US': undefined },
        kind: 'shared',
        code: 'BENCHSPRING',
        totalLimit: 100_000_000,
        rewards: [{ kind: 'gem', amount: 5 }],
        startAt: new Date(now.getTime() - 3_600_000).toISOString(),
        endAt: new Date(now.getTime() + 86_400_000).toISOString(),
        perPlayerLimit: 1,
        conditions: [],
        platforms: [],
        channels: [],
        enabled: true,
      },
      'bench',
      now,
    );
    await database.db.execute(sql`create table bench_rows (id bigserial primary key, note text not null)`);
    log(`baseline: single-row inserts for ${seconds} s`);
    const inserts = await run(
      () => database.db.execute(sql`insert into bench_rows (note) values ('x')`),
      seconds,
      concurrency,
    );
    log(`redemptions by distinct players for ${seconds} s`);
    const refused: string[] = [];
    // The game route's queue: redemptions arriving together share a statement.
    const queue = new RedemptionQueue(database.db, REDEEM_STATEMENTS[database.kind]);
    const redeemed = await run(
      async (i) => {
        const r = await redeemGiftCode(
          database.db,
          {
            userId: seeded.firstId + i,
            code: 'benchspring',
            ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
            locale: 'en-US',
            now: clock.now(),
            dryRun: false,
          },
          queue,
        );
        if (r.status !== 'redeemed') refused.push(r.status);
      },
      seconds,
      concurrency,
      seeded.lastId - seeded.firstId + 1,
    );
    // Every call redeemed, and the batch counted exactly those, once each.
    assertRight(refused.length === 0, `refusals: ${[...new Set(refused)].join(', ')}`);
    const counted = (await database.db.execute(
      sql`select (select sum(claimed)::int from gift_code_counters where batch_id = ${batch.id}) as claimed,
                 (select count(*)::int from gift_code_redemptions where batch_id = ${batch.id}) as rows`,
    )) as unknown as { rows: { claimed: number; rows: number }[] };
    const { claimed, rows } = counted.rows[0];
    assertRight(
      Number(claimed) === redeemed.done && Number(rows) === redeemed.done,
      `claimed ${claimed}, rows ${rows}, calls ${redeemed.done}`,
    );
    return resultLine(
      'giftcode-redeem',
      `${Math.round(redeemed.perSecond)} redemptions/s of one shared code by ${redeemed.done} distinct players (${database.kind}, ${concurrency} workers)`,
      redeemed.perSecond / inserts.perSecond,
      `single-row inserts ${Math.round(inserts.perSecond)}/s`,
    );
  } finally {
    await database.close();
  }
}
