import { createMail } from '../packages/server/src/modules/mail/mails.js';
import type { Database } from '../packages/server/src/platform/db/client.js';
import { benchPlayers, globalMailBody, growPlayers, ms, openBenchDatabase, percentile } from './mail-fixtures.js';

/**
 * Sending a global mail costs the same whatever the number of players (one row, matched at
 * fetch): median send time with BENCH_PLAYERS players against the same with 1,000 players,
 * measured in the same run. Target: ratio ≤ 2.
 */
async function medianSend(database: Database, sends: number, offset: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < sends; i += 1) {
    const body = globalMailBody(offset + i);
    const start = process.hrtime.bigint();
    await database.db.transaction((tx) => createMail(tx, body, 'bench', 'en-US'));
    samples.push(ms(start));
  }
  return percentile(samples, 50);
}

export async function benchGlobalSend(): Promise<string> {
  const database = await openBenchDatabase();
  try {
    const players = benchPlayers();
    const sends = Number(process.env.BENCH_SENDS ?? 200);
    await growPlayers(database, 1000);
    await medianSend(database, 20, 0);
    const small = await medianSend(database, sends, 100);
    await growPlayers(database, players);
    const large = await medianSend(database, sends, 100 + sends);
    return `bench mail-global-send: median ${large.toFixed(3)} ms to send a global mail with ${players} players (ratio ${(large / small).toFixed(2)} vs ${small.toFixed(3)} ms with 1000 players)`;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchGlobalSend());
