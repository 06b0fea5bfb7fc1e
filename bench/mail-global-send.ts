import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import type { Database } from '../packages/server/src/platform/db/client.js';
import { benchPlayerCount, log, ms, openBenchDatabase, percentile, resultLine } from './harness.js';
import { globalMailBody, sendMail } from './mail-fixtures.js';

/**
 * Sending a global mail costs the same whatever the number of players (one row, matched at
 * fetch): median send time with BENCH_PLAYERS players against the same with 1,000 players,
 * measured in the same run on the same database. Target: ratio ≤ 2.
 */
async function medianSend(database: Database, sends: number, offset: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < sends; i += 1) {
    const body = globalMailBody(offset + i);
    const start = process.hrtime.bigint();
    await sendMail(database, body);
    samples.push(ms(start));
  }
  return percentile(samples, 50);
}

export async function benchGlobalSend(): Promise<string> {
  const count = benchPlayerCount();
  const sends = Number(process.env.BENCH_SENDS ?? 200);
  const database = await openBenchDatabase();
  try {
    await seedDemoPlayers(database.db, 1000);
    await medianSend(database, sends, 0);
    const small = await medianSend(database, sends, sends);
    await seedDemoPlayers(database.db, count - 1000, (done) => log(`seeded ${done + 1000} / ${count} players`));
    await medianSend(database, sends, 2 * sends);
    const large = await medianSend(database, sends, 3 * sends);
    return resultLine(
      'mail-global-send',
      `median ${large.toFixed(3)} ms to send a global mail to ${count} players`,
      large / small,
      `${small.toFixed(3)} ms with 1000 players`,
    );
  } finally {
    await database.close();
  }
}
