import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { GAME_KEY } from '../../test/harness.js';
import { createScratchPostgres } from '../../test/scratch-postgres.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { sha256 } from '../security/tokens.js';

it('/healthz stays 200 and says whether the database answers; /readyz answers 503 without it', async () => {
  const base = process.env.TEST_DATABASE_URL;
  const scratch = base ? await createScratchPostgres(base, 'rookery_health') : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, poolSize: 2 });
  const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: '/nonexistent' };
  const app = await buildApp({ config, database, gameKeyHash: sha256(GAME_KEY) });
  try {
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: database.kind, databaseReachable: true });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });

    // The database goes away under a running app.
    await database.close();
    const degraded = await app.inject({ url: '/healthz' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toMatchObject({ status: 'degraded', databaseReachable: false });
    const unready = await app.inject({ url: '/readyz', headers: { 'accept-language': 'en-US' } });
    expect(unready.statusCode).toBe(503);
    expect(unready.headers['retry-after']).toBe('3');
    expect(unready.json()).toMatchObject({
      status: 'unavailable',
      msg: 'The database cannot be reached for the moment; try again shortly',
    });
  } finally {
    await app.close();
    await scratch?.drop();
  }
});
