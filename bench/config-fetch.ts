import { abLayerResource, configOverrideResource, configResource, experimentResource } from '@rookery/contracts';
import { configFixtures, experimentFixtures } from './config-fixtures.js';
import {
  againstPlayerRead,
  answerJson,
  assertRight,
  BENCH_CONCURRENCY,
  benchGameApp,
  benchPlayerCount,
  benchSeconds,
  log,
  onSeededPlayers,
  saveBenchItems,
} from './harness.js';

/**
 * `config-fetch`: throughput of the game's config fetch (`GET /api/game/v1/players/:userId/config`,
 * 200 fields: 30 with 3 conditional values, 5 event configs, 10 tester overrides, 10 running
 * experiments in 2 layers) over
 * BENCH_CONFIG_PLAYERS players (default 200,000), against the game API's primary-key player read
 * (`GET /api/game/v1/players/:userId`: same HTTP, auth and validation, one PK select), both
 * asked with `accept-encoding: gzip` (the config answer goes out gzipped; the player read is under
 * the compression threshold). Target ratio ≥ 0.8 on PGlite and PostgreSQL.
 */

const SECONDS = benchSeconds(10);

export async function benchConfigFetch(): Promise<string> {
  const count = Number(process.env.BENCH_CONFIG_PLAYERS ?? Math.min(benchPlayerCount(), 200_000));
  return onSeededPlayers(count, async (database, ids) => {
    const { fields, overrides } = configFixtures(ids.slice(0, 100));
    await saveBenchItems(database, configResource, fields);
    await saveBenchItems(database, configOverrideResource, overrides);
    const { layers, experiments } = experimentFixtures(fields);
    await saveBenchItems(database, abLayerResource, layers);
    await saveBenchItems(database, experimentResource, experiments);

    const game = await benchGameApp(database, ids, { acceptEncoding: 'gzip' });
    const { app, headers } = game;
    const sample = await app.inject({ method: 'GET', url: `/api/game/v1/players/${ids[0]}/config`, headers });
    assertRight(sample.headers['content-encoding'] === 'gzip', 'the config answer is gzipped');
    if (Object.keys(answerJson(sample).data.values).length !== 200) throw new Error('expected 200 fields');
    // The experiments take part: over the sample, players land in them.
    let enrolled = 0;
    for (const id of ids.slice(0, 200)) {
      const res = await app.inject({ method: 'GET', url: `/api/game/v1/players/${id}/config`, headers });
      enrolled += answerJson(res).data.experiments.length;
    }
    if (enrolled === 0) throw new Error('no player of the sample is in an experiment');
    log(`${enrolled} experiment enrolments over 200 sampled players`);
    return await againstPlayerRead(
      'config-fetch',
      game,
      game.gameGet('/config'),
      SECONDS,
      `config fetches/s (200 fields, 10 experiments, ${count} players, ${database.kind}, concurrency ${BENCH_CONCURRENCY}, accept-encoding: gzip)`,
    );
  });
}
