import { count as countRows, eq } from 'drizzle-orm';
import { mails, playerMails } from '../packages/server/src/modules/mail/tables.js';
import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import type { Database } from '../packages/server/src/platform/db/client.js';
import { assertRight, benchPlayerCount, log, ms, openBenchDatabase, percentile, resultLine } from './harness.js';
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
    // Every send stored its one global mail and no copy per player (what makes it cheap).
    const [{ stored }] = await database.db.select({ stored: countRows() }).from(mails).where(eq(mails.scope, 'global'));
    const [{ copies }] = await database.db.select({ copies: countRows() }).from(playerMails);
    assertRight(stored === 4 * sends, `${stored} global mails stored after ${4 * sends} sends`);
    assertRight(copies === 0, `${copies} per-player copies written by global sends`);
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
