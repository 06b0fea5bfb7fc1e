import { initialPlayerState } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { savePlayer } from '../packages/server/src/modules/players/game.js';
import { ensureLedgerMonths, findLedgerDrift } from '../packages/server/src/modules/players/ledger.js';
import { ServiceClock } from '../packages/server/src/platform/clock.js';
import {
  alternatingThroughput,
  assertRight,
  log,
  ms,
  openBenchDatabase,
  resultLine,
  seedBenchPlayers,
} from './harness.js';

/** Ledger rows per player in `ledger-check`. */
const ROWS_PER_PLAYER = 20;
const KINDS = ['coin', 'gem', 'heart', 'cookie'];

/**
 * `bench ledger-check`: the daily drift check (`findLedgerDrift`) over BENCH_PLAYERS players
 * (default 200,000), every one changed on the checked day, with 20 ledger rows each (five per
 * resource over four resources, their balances the ledger's sums), after the benchmark plants
 * one drift (a player's coins raised behind the ledger's back): the check must find exactly it.
 * Baseline: a plain scan of the same rows (count and sum of every ledger row), the least any
 * check must read. The figure is the check's time; the ratio is check time / scan time.
 */
export async function benchLedgerCheck(): Promise<string> {
  const count = Number(process.env.BENCH_PLAYERS ?? 200_000);
  const database = await openBenchDatabase();
  const { db } = database;
  try {
    const day = new Date(Date.UTC(2026, 10, 27));
    await ensureLedgerMonths(db, day);
    const started = process.hrtime.bigint();
    const state = JSON.stringify({ ...initialPlayerState(), resources: {} });
    for (let from = 1; from <= count; from += 50_000) {
      const to = Math.min(count, from + 49_999);
      await db.execute(sql`
        insert into players (state, save_count, first_login_at, updated_at)
        select ${state}::jsonb, 1, ${day}::timestamptz, ${day}::timestamptz + (g % 86000) * interval '1 second'
        from generate_series(${from}::int, ${to}::int) g`);
      log(`players ${to} / ${count}`);
    }
    const kinds = sql.raw(`array[${KINDS.map((k) => `'${k}'`).join(',')}]`);
    const per = ROWS_PER_PLAYER / KINDS.length;
    await db.execute(sql`
      insert into resource_ledger (user_id, kind, delta, balance, source, source_id, at)
      select p.id, (${kinds})[1 + (g - 1) / ${per}],
        case when (g - 1) % ${per} = 0 then 1000 + (p.id * 7 + g) % 5000 else -((p.id * 13 + g) % 150) end,
        0, case when (g - 1) % ${per} = 0 then 'opening' else 'gameSave' end, null,
        ${day}::timestamptz + ((p.id + g * 3000) % 86000) * interval '1 second'
      from players p cross join generate_series(1, ${ROWS_PER_PLAYER}) g`);
    log('ledger rows written');
    // The balances are the ledger's sums (a consistent world), then one drift is planted.
    await db.execute(sql`
      update players p set state = jsonb_set(p.state, '{resources}', s.res)
      from (select user_id, jsonb_object_agg(kind, total) as res
            from (select user_id, kind, sum(delta) as total from resource_ledger group by 1, 2) x group by 1) s
      where s.user_id = p.id`);
    const planted = (await db.execute(sql`
      update players set state = jsonb_set(state, '{resources,coin}', to_jsonb((state->'resources'->>'coin')::numeric + 7))
      where id = (select min(id) + ${Math.floor(count / 2)} from players) returning id`)) as unknown as {
      rows: { id: number }[];
    };
    const plantedId = Number(planted.rows[0].id);
    await db.execute(sql`vacuum analyze players, resource_ledger`);
    await db.execute(sql`checkpoint`);
    log(`seeded ${count} players × ${ROWS_PER_PLAYER} rows in ${(ms(started) / 1000).toFixed(1)} s`);

    const rows = count * ROWS_PER_PLAYER;
    const scan = async () => {
      const t = process.hrtime.bigint();
      const r = (await db.execute(
        sql`select count(*)::bigint as n, sum(delta) as s from resource_ledger`,
      )) as unknown as { rows: { n: string }[] };
      assertRight(Number(r.rows[0].n) === rows, `scan saw ${r.rows[0].n} rows, wrote ${rows}`);
      return ms(t);
    };
    const check = async () => {
      const t = process.hrtime.bigint();
      const found = await findLedgerDrift(db, day);
      const took = ms(t);
      assertRight(found.checkedPlayers === count, `checked ${found.checkedPlayers} players of ${count}`);
      assertRight(
        found.driftPlayers === 1 &&
          found.drift.length === 1 &&
          found.drift[0].userId === plantedId &&
          found.drift[0].kind === 'coin' &&
          found.drift[0].balance - found.drift[0].ledger === 7,
        `planted drift (player ${plantedId}, coin +7) not found exactly: ${JSON.stringify(found.drift.slice(0, 3))}`,
      );
      return took;
    };
    if (process.env.LEDGER_EXPLAIN) {
      const { ledgerDriftStatement } = await import('../packages/server/src/modules/players/ledger.js');
      const plan = (await db.execute(sql`explain (analyze, buffers) ${ledgerDriftStatement(day)}`)) as unknown as {
        rows: Record<string, string>[];
      };
      for (const r of plan.rows) log(Object.values(r)[0]);
    }
    // Warm both, then the median of three of each.
    await scan();
    await check();
    const scans: number[] = [];
    const checks: number[] = [];
    for (let i = 0; i < 3; i++) {
      scans.push(await scan());
      checks.push(await check());
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[1];
    const checkMs = median(checks);
    const scanMs = median(scans);
    return resultLine(
      'ledger-check',
      `${(checkMs / 1000).toFixed(2)} s to check ${count} players changed on the day (${rows} ledger rows), planted drift found (${database.kind})`,
      checkMs / scanMs,
      `a plain count and sum of the same ${rows} rows ${(scanMs / 1000).toFixed(2)} s`,
    );
  } finally {
    await database.close();
  }
}

/**
 * `bench ledger-save`: what the ledger costs the game's save path. Saves (`savePlayer`, one
 * transaction each) that change two resources, writing two ledger rows, against saves of the same
 * players that change no resource (no ledger row: the same path otherwise), in alternating slices.
 * Over BENCH_PLAYERS demo players (default 20,000). A ratio near 1 means the ledger costs saves little.
 */
export async function benchLedgerSave(): Promise<string> {
  const count = Number(process.env.BENCH_PLAYERS ?? 20_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const database = await openBenchDatabase();
  const { db } = database;
  const concurrency = database.kind === 'postgres' ? 8 : 1;
  const clock = new ServiceClock();
  try {
    await ensureLedgerMonths(db, clock.now());
    await seedBenchPlayers(database, count);
    await db.execute(sql`vacuum analyze players, resource_ledger`);
    const ids = (
      (await db.execute(sql`select id from players order by id`)) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
    let n = 0;
    const save = (changeResources: boolean) => async () => {
      const id = ids[n++ % ids.length];
      await db.transaction(async (tx) => {
        const [p] = (
          (await tx.execute(sql`select state, save_count, session_epoch from players where id = ${id}`)) as unknown as {
            rows: { state: any; save_count: number; session_epoch: number }[];
          }
        ).rows;
        const state = structuredClone(p.state);
        if (changeResources) {
          state.resources.coin = (state.resources.coin ?? 0) + 3;
          state.resources.gem = Math.max(0, (state.resources.gem ?? 0) - 1);
        } else state.questProgress = (state.questProgress ?? 0) + 1;
        await savePlayer(tx, id, { saveCount: p.save_count + 1, state, sessionEpoch: p.session_epoch }, clock.now());
      });
    };
    const before = (await db.execute(
      sql`select count(*)::int as n from resource_ledger where source = 'gameSave'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    assertRight(before.rows[0].n === 0, 'no save rows before the run');
    const measured = await alternatingThroughput(save(false), save(true), seconds, concurrency);
    const written = (await db.execute(
      sql`select count(*)::int as n from resource_ledger where source = 'gameSave'`,
    )) as unknown as { rows: { n: number }[] };
    assertRight(written.rows[0].n > 0, 'the saves that changed resources wrote ledger rows');
    return resultLine(
      'ledger-save',
      `${Math.round(measured.subject)} saves/s changing two resources (two ledger rows each; ${database.kind}, ${concurrency} workers)`,
      measured.ratio,
      `saves changing no resource ${Math.round(measured.baseline)}/s`,
    );
  } finally {
    await database.close();
  }
}
