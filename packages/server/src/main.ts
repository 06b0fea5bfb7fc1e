import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from './app.js';
import { dataSteps } from './data-steps.js';
import { seedAdmin, seedBuiltInRoles } from './modules/staff/seed.js';
import { ServiceClock } from './platform/clock.js';
import { followClockOffset } from './platform/clock-offset.js';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { runDataSteps } from './platform/db/data-steps.js';
import { ensureGameKey } from './platform/game-key.js';

async function main() {
  const config = loadConfig();
  // The service clock, with the offset the operators set (followed from the database by buildApp).
  const clock = new ServiceClock();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pg'),
    afterMigrate: async (db) => {
      for (const step of await runDataSteps(db, dataSteps, clock.now()))
        if (step.rows > 0) process.stdout.write(`  Data step ${step.name}: ${step.rows} rows changed\n`);
    },
  });
  await followClockOffset(database, clock);
  await seedBuiltInRoles(database.db, clock.now());
  const admin = await seedAdmin(database.db, clock.now(), config.adminPassword);
  const gameKey = await ensureGameKey(
    database.db,
    config.gameKey,
    () => randomBytes(24).toString('base64url'),
    clock.now(),
  );

  const app = await buildApp({ config, database, gameKeyHash: gameKey.keyHash, clock });
  // Secrets shown once on the terminal that started the server, never in the logs.
  if (admin.password) {
    process.stdout.write(
      `\n  Rookery admin account created.  user: admin  password: ${admin.password}\n  (shown once; change it under 修改密码 / Change password)\n\n`,
    );
  }
  if (gameKey.key) {
    process.stdout.write(
      `  Game API key generated (X-Game-Key): ${gameKey.key}\n  (shown once; set ROOKERY_GAME_KEY to choose your own)\n\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(process.exitCode ?? 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Failures outside any request reach the server's error log. A rejection nobody handled is
  // logged and the server keeps serving; an uncaught exception may have left state half-changed,
  // so it is logged, written out, and the process ends (a supervisor restarts it).
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled rejection');
    app.logProcessFailure('unhandledRejection', reason);
  });
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception');
    app.logProcessFailure('uncaughtException', err);
    process.exitCode = 1;
    void app.logWriter.flush().finally(() => shutdown('uncaughtException'));
  });

  const address = await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    // Since this process began: under `npm start`, the builds a first start makes are included.
    `Rookery listening on ${address.replace('0.0.0.0', 'localhost')} (database: ${database.kind}), ready in ${process.uptime().toFixed(1)} s\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
