/**
 * One Rookery instance as a child process of a test, on the PostgreSQL database named by
 * `TAKEOVER_DATABASE_URL`, with the test's jobs registered: it prints `READY <instance id>` once
 * its job runner has announced itself, then runs until it is killed. Settings come from the
 * environment as in production (`ROOKERY_INSTANCE_GONE_SECONDS`, `ROOKERY_JOB_SWEEP_SECONDS`…).
 */
import { buildApp } from '../app.js';
import { ServiceClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';
import { sha256 } from '../platform/security/tokens.js';
import { takeoverJobsModule } from './takeover-jobs.js';

async function main() {
  const databaseUrl = process.env.TAKEOVER_DATABASE_URL;
  if (!databaseUrl) throw new Error('TAKEOVER_DATABASE_URL is not set');
  const config = { ...loadConfig(process.env), databaseUrl, webDist: '/nonexistent' };
  const database = await openDatabase({ databaseUrl, poolSize: 6 });
  const app = await buildApp({
    config,
    database,
    gameKeyHash: sha256('takeover-child-game-key'),
    clock: new ServiceClock(),
    extraModules: [takeoverJobsModule],
  });
  await app.ready();
  while (!app.jobs.instanceId) await new Promise((r) => setTimeout(r, 50));
  process.stdout.write(`READY ${app.jobs.instanceId}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
