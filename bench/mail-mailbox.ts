import { liveMailBook } from '../packages/server/src/modules/mail/live-mails.js';
import { fetchMailbox } from '../packages/server/src/modules/mail/mailbox.js';
import { findPlayer } from '../packages/server/src/modules/players/service.js';
import {
  benchPlayers,
  growPlayers,
  ms,
  openBenchDatabase,
  percentile,
  sendGlobalMails,
  sendPersonalMails,
} from './mail-fixtures.js';

/**
 * Mailbox fetch for a player with 1,000 live global mails (varied conditions) and 50 personal
 * mails, among BENCH_PLAYERS players: p99 against the primary-key read of a player, measured in
 * the same run on the same players. Target: ratio ≤ 3.
 */
export async function benchMailbox(): Promise<string> {
  const database = await openBenchDatabase();
  try {
    const players = benchPlayers();
    await growPlayers(database, players);
    const sample = Array.from({ length: 200 }, (_, i) => 1 + Math.floor(((i + 0.5) * players) / 200));
    await sendGlobalMails(database, 1000);
    await sendPersonalMails(database, 50, sample);
    const book = await liveMailBook(database);
    const { db } = database;

    const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
    const read: number[] = [];
    const fetch: number[] = [];
    let items = 0;
    // Warm both paths (compiled mails, plans, caches) before measuring.
    for (const userId of sample.slice(0, 20)) {
      await findPlayer(db, userId);
      await fetchMailbox(db, book, userId);
    }
    for (let i = 0; i < rounds; i += 1) {
      const userId = sample[i % sample.length];
      let start = process.hrtime.bigint();
      await findPlayer(db, userId);
      read.push(ms(start));
      start = process.hrtime.bigint();
      const box = await fetchMailbox(db, book, userId);
      fetch.push(ms(start));
      items += box.list.length;
    }
    if (process.env.BENCH_VERBOSE)
      console.error({
        read50: percentile(read, 50),
        fetch50: percentile(fetch, 50),
        read99: percentile(read, 99),
        fetch99: percentile(fetch, 99),
      });
    const p99 = percentile(fetch, 99);
    const base = percentile(read, 99);
    return `bench mail-mailbox: p99 ${p99.toFixed(3)} ms for ${Math.round(items / rounds)} mails of ${players} players (ratio ${(p99 / base).toFixed(2)} vs primary-key player read p99 ${base.toFixed(3)} ms)`;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchMailbox());
