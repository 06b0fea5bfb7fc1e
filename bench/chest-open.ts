import { type ChestTable, chestOdds } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { chestOpenQueue } from '../packages/server/src/modules/chests/service.js';
import { chestTables } from '../packages/server/src/modules/chests/tables.js';
import { alternatingThroughput, assertRight, gameWriteBench, log, resultLine } from './harness.js';

/** The bench's table: four entries, a guaranteed item, pity on the 10 % entry within 200 opens. */
const table: ChestTable = {
  entries: [
    { reward: { kind: 'coin', amount: 500 }, weight: 55 },
    { reward: { kind: 'gem', amount: 20 }, weight: 30 },
    { reward: { kind: 'penguin_adelie', amount: 1 }, weight: 10 },
    { reward: { kind: 'penguin_emperor', amount: 1 }, weight: 5 },
  ],
  guaranteed: [{ kind: 'cookie', amount: 3 }],
  pityEntry: 2,
  pityWithin: 200,
};

/**
 * `bench chest-open`: chest opens per second by distinct players through the game API's service
 * (`chestOpenQueue`: the opens arriving together share one statement, `chest_open_apply` — the
 * players' rows locked, the pity decided from each counter, the chests consumed and the draws made
 * with node:crypto granted through `apply_rewards_many`, the counters kept), against single-row
 * inserts through the same database path in the same run, in alternating slices. Checked after the
 * run: every open consumed one chest (the ledger's chest rows) and the observed share of each entry
 * is within 5 standard errors of the declared odds. Target: ratio ≥ 0.5.
 */
export async function benchChestOpen(): Promise<string> {
  const { players, seconds, database, concurrency, clock, seed } = await gameWriteBench();
  const kind = 'gold_treasure_chest' as const;
  try {
    const seeded = await seed();
    await database.db.insert(chestTables).values({ kind, drops: table, updatedAt: clock.now(), updatedBy: 'bench' });
    // Enough chests for any run (the bench's own state: no ledger rows for this grant).
    await database.db.execute(
      sql`update players set state = jsonb_set(state, '{resources,gold_treasure_chest}', '1000000'::jsonb)`,
    );
    await database.db.execute(sql`create table bench_rows (id bigserial primary key, note text not null)`);
    await database.db.execute(sql`vacuum analyze players, player_events, resource_ledger`);
    await database.db.execute(sql`checkpoint`);
    const count = seeded.lastId - seeded.firstId + 1;
    const drawn = table.entries.map(() => 0);
    let next = 0;
    let pityTriggers = 0;
    // The game API's path: opens arriving together share a transaction (`chestOpenQueue`).
    const queue = chestOpenQueue(database.db, database.kind, () => clock.now());
    const open = async () => {
      const userId = seeded.firstId + (next++ % count);
      const r = await queue.submit({ userId, kind });
      drawn[r.entry]++;
      if (r.pity) pityTriggers++;
    };
    log(`single-row inserts and chest opens by distinct players, alternating for ${seconds} s each`);
    const measured = await alternatingThroughput(
      () => database.db.execute(sql`insert into bench_rows (note) values ('x')`),
      open,
      seconds,
      concurrency,
    );
    const opens = drawn.reduce((a, b) => a + b, 0);
    const consumed = (await database.db.execute(
      sql`select count(*)::int as n from resource_ledger where source = 'chest' and kind = ${kind} and delta = -1`,
    )) as unknown as { rows: { n: number }[] };
    assertRight(Number(consumed.rows[0].n) === opens, `chests consumed ${consumed.rows[0].n}, opens ${opens}`);
    const odds = chestOdds(table);
    const worst = odds.map((o, i) => {
      const p = o.percent / 100;
      const observed = drawn[i] / opens;
      const sigma = Math.sqrt((p * (1 - p)) / opens);
      assertRight(
        Math.abs(observed - p) <= 5 * sigma,
        `entry ${i}: observed ${(observed * 100).toFixed(3)} %, declared ${o.percent} % over ${opens} opens`,
      );
      return Math.abs(observed - p) * 100;
    });
    return resultLine(
      'chest-open',
      `${Math.round(measured.subject)} chest opens/s by distinct players (${opens} in all, ${pityTriggers} by pity, odds within ${Math.max(...worst).toFixed(2)} points of declared; ${database.kind}, ${players} players, ${concurrency} workers, ${(queue.sent.items / Math.max(1, queue.sent.batches)).toFixed(1)} opens a batch, ${queue.sent.retriedAlone} run again alone; median of ${measured.slices} alternating slices)`,
      measured.ratio,
      `single-row inserts ${Math.round(measured.baseline)}/s`,
    );
  } finally {
    await database.close();
  }
}
