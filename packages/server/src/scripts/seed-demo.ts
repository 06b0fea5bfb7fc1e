import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoPlayers } from '../modules/players/demo.js';
import { seedDemoLogins } from '../modules/players/demo-activity.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';

/**
 * `npm run seed:demo -- --players N`: fill the database the server uses (ROOKERY_DATA_DIR or
 * DATABASE_URL) with N realistic demo players. Run it while the server is stopped when on PGlite
 * (an embedded database has one user at a time).
 */
async function main() {
  const { values } = parseArgs({ options: { players: { type: 'string', default: '10000' } } });
  const count = Number(values.players);
  if (!Number.isInteger(count) || count < 1 || count > 50_000_000) {
    throw new Error('--players takes a whole number from 1 to 50000000');
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pg'),
  });
  const started = Date.now();
  try {
    const result = await seedDemoPlayers(database.db, count, (done) => {
      process.stdout.write(`  ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} players\n`);
    });
    // A month of logins, so the dashboard's charts show a history (the server's rollup takes them in).
    const logins = await seedDemoLogins(database.db, result.firstId, result.lastId, { now: new Date() });
    process.stdout.write(`  ${logins.toLocaleString('en-US')} logins over the last 30 days\n`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Seeded ${count.toLocaleString('en-US')} demo players (user IDs ${result.firstId}–${result.lastId}, ` +
        `IDs demo-${result.tag}-…) into ${database.kind} in ${seconds} s\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
