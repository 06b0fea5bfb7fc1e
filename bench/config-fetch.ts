import { abLayerResource, configOverrideResource, configResource, experimentResource } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.js';
import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import type { Database } from '../packages/server/src/platform/db/client.js';
import { type AnyResource, saveItem } from '../packages/server/src/platform/resources/service.js';
import { sha256 } from '../packages/server/src/platform/security/tokens.js';
import { configFixtures, experimentFixtures } from './config-fixtures.js';
import { alternatingThroughput, benchPlayerCount, log, ms, openBenchDatabase, resultLine } from './harness.js';

/**
 * `config-fetch`: throughput of the game's config fetch (`GET /api/game/v1/players/:userId/config`,
 * 200 fields: 30 with 3 conditional values, 5 event configs, 10 tester overrides, 10 running
 * experiments in 2 layers) over
 * BENCH_CONFIG_PLAYERS players (default 200,000), against the game API's primary-key player read
 * (`GET /api/game/v1/players/:userId`: same HTTP, auth and validation, one PK select).
 * Target ratio ≥ 0.8 on PGlite and PostgreSQL.
 */

const GAME_KEY = 'bench-game-key-0123456789';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function saveAll(database: Database, r: AnyResource, docs: Record<string, unknown>[]) {
  for (const doc of docs)
    await database.db.transaction((tx) =>
      saveItem(tx, r, String(doc[r.key]), {
        document: doc,
        actor: 'bench',
        locale: 'en-US',
        mode: 'create',
        now: new Date(),
      }),
    );
}

export async function benchConfigFetch(): Promise<string> {
  const count = Number(process.env.BENCH_CONFIG_PLAYERS ?? Math.min(benchPlayerCount(), 200_000));
  const database = await openBenchDatabase();
  try {
    const started = process.hrtime.bigint();
    await seedDemoPlayers(database.db, count, (done) => log(`seeded ${done} / ${count} players on ${database.kind}`));
    log(`seeding took ${(ms(started) / 1000).toFixed(1)} s`);
    // A random sample of players (a block sample returned too few at small BENCH_PLAYERS).
    const ids = (
      (await database.db.execute(sql`select id from players order by random() limit 2000`)) as unknown as {
        rows: { id: string | number }[];
      }
    ).rows.map((r) => Number(r.id));
    const { fields, overrides } = configFixtures(ids.slice(0, 100));
    await saveAll(database, configResource, fields);
    await saveAll(database, configOverrideResource, overrides);
    const { layers, experiments } = experimentFixtures(fields);
    await saveAll(database, abLayerResource, layers);
    await saveAll(database, experimentResource, experiments);

    const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: '/nonexistent' };
    const app = await buildApp({ config, database, gameKeyHash: sha256(GAME_KEY) });
    await app.ready();
    const headers = { 'x-game-key': GAME_KEY };
    const pick = (i: number) => ids[(i * 7919) % ids.length];
    const read = async (i: number) => {
      const res = await app.inject({ method: 'GET', url: `/api/game/v1/players/${pick(i)}`, headers });
      if (res.statusCode !== 200) throw new Error(`read ${res.statusCode} ${res.body}`);
    };
    const fetchConfig = async (i: number) => {
      const res = await app.inject({ method: 'GET', url: `/api/game/v1/players/${pick(i)}/config`, headers });
      if (res.statusCode !== 200) throw new Error(`config ${res.statusCode} ${res.body}`);
    };
    const sample = await app.inject({ method: 'GET', url: `/api/game/v1/players/${ids[0]}/config`, headers });
    if (Object.keys(sample.json().data.values).length !== 200) throw new Error('expected 200 fields');
    // The experiments take part: over the sample, players land in them.
    let enrolled = 0;
    for (const id of ids.slice(0, 200)) {
      const res = await app.inject({ method: 'GET', url: `/api/game/v1/players/${id}/config`, headers });
      enrolled += res.json().data.experiments.length;
    }
    if (enrolled === 0) throw new Error('no player of the sample is in an experiment');
    log(`${enrolled} experiment enrolments over 200 sampled players`);
    const { baseline, subject, ratio, slices } = await alternatingThroughput(read, fetchConfig, SECONDS, CONCURRENCY);
    await app.close();
    return resultLine(
      'config-fetch',
      `${Math.round(subject)} config fetches/s (200 fields, 10 experiments, ${count} players, ${database.kind}, concurrency ${CONCURRENCY})`,
      ratio,
      `${Math.round(baseline)} primary-key player reads/s through the game API; median of ${slices} alternating slices`,
    );
  } finally {
    await database.close();
  }
}
