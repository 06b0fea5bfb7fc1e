import { compileConditions } from '@rookery/contracts';
import { liveMailBook } from '../packages/server/src/modules/mail/live-mails.js';
import { fetchMailbox } from '../packages/server/src/modules/mail/mailbox.js';
import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import { findPlayer, playerAttributes } from '../packages/server/src/modules/players/service.js';
import { ServiceClock } from '../packages/server/src/platform/clock.js';
import { assertRight, benchPlayerCount, log, ms, openBenchDatabase, percentile, resultLine } from './harness.js';
import { globalMailBody, sendGlobalMails, sendPersonalMails } from './mail-fixtures.js';

/**
 * Mailbox fetch (the service the game API calls) of players with 1,000 live global mails of
 * varied conditions and 50 personal mails, among BENCH_PLAYERS players: p99 against the p99 of
 * the primary-key read of the same players, alternated in the same run. Target: ratio ≤ 3.
 */
export async function benchMailbox(): Promise<string> {
  const count = benchPlayerCount();
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3000);
  const database = await openBenchDatabase();
  try {
    const seeded = await seedDemoPlayers(database.db, count, (done) => log(`seeded ${done} / ${count} players`));
    const span = seeded.lastId - seeded.firstId + 1;
    const sample = Array.from({ length: 200 }, (_, i) => seeded.firstId + Math.floor(((i + 0.5) * span) / 200));
    log('sending 1,000 global and 50 personal mails');
    await sendGlobalMails(database, 1000);
    await sendPersonalMails(database, 50, sample);
    const clock = new ServiceClock();
    const book = await liveMailBook(database, clock);
    const { db } = database;
    // The mailbox's own read: the game's door (memory reads of the gate's compiled view) left open.
    const open = async () => {};

    const read: number[] = [];
    const fetch: number[] = [];
    let shown = 0;
    for (let i = 0; i < rounds; i += 1) {
      const userId = sample[(i * 7919) % sample.length];
      let start = process.hrtime.bigint();
      await findPlayer(db, userId);
      read.push(ms(start));
      start = process.hrtime.bigint();
      const box = await fetchMailbox(db, book, userId, clock.now(), open);
      fetch.push(ms(start));
      shown += box.list.length;
    }
    // Each sampled player's mailbox holds the 50 personal mails and exactly the global mails whose
    // conditions the game's engine says select the player.
    const conditions = Array.from({ length: 1000 }, (_, i) => compileConditions(globalMailBody(i).conditions));
    for (const userId of sample.slice(0, 40)) {
      const now = clock.now();
      const player = await findPlayer(db, userId);
      assertRight(player !== undefined && player !== null, `player ${userId} missing`);
      const attrs = playerAttributes(player, now);
      const globals = conditions.filter((matches) => matches(attrs, now.getTime())).length;
      const box = await fetchMailbox(db, book, userId, now, open);
      assertRight(
        box.list.length === 50 + globals,
        `mailbox of ${userId}: ${box.list.length} mails, expected 50 personal + ${globals} global`,
      );
    }
    // The first tenth warms plans, caches and the compiled mails for both.
    const warm = Math.floor(rounds / 10);
    const p99 = percentile(fetch.slice(warm), 99);
    const base = percentile(read.slice(warm), 99);
    return resultLine(
      'mail-mailbox',
      `p99 ${p99.toFixed(3)} ms for a mailbox of ${Math.round(shown / rounds)} mails among ${count} players`,
      p99 / base,
      `primary-key player read p99 ${base.toFixed(3)} ms`,
    );
  } finally {
    await database.close();
  }
}
