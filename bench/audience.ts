import { conditionsSchema } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import { countAudience } from '../packages/server/src/modules/players/audience.js';
import { players } from '../packages/server/src/modules/players/tables.js';
import { engineCounts } from './engine-count.js';
import {
  assertRight,
  benchPlayerCount,
  benchSeconds,
  log,
  ms,
  openBenchDatabase,
  percentile,
  resultLine,
  samplePlayerIds,
  seedBenchPlayers,
} from './harness.js';

/**
 * The audience count (the condition engine compiled to SQL) over BENCH_PLAYERS demo players
 * (default 1,000,000): p99 latency of the count of 5 typical condition sets, against the p99 of
 * a primary-key player read in the same run, interleaved so load elsewhere hits both alike.
 * Target: the absolute p99 under 1 s (it must feel instant in a confirmation). Runs for at least
 * BENCH_SECONDS (default 30) and at least BENCH_ROUNDS rounds (default 20; each round counts
 * every set once and reads 20 players). PGlite by default, PostgreSQL with DATABASE_URL.
 */

const SECONDS = benchSeconds(30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const typicalSets: Record<string, unknown[]> = {
  'ios-recent-version': [
    { attr: 'os', op: 'equal', value: 'ios' },
    { attr: 'appVersion', op: 'gte', value: '1.2.5' },
  ],
  'countries-language': [
    { attr: 'country', op: 'include', value: ['US', 'GB', 'DE', 'FR'] },
    { attr: 'appLanguage', op: 'include', value: ['en', 'de'] },
  ],
  'lapsed-payers': [
    { attr: 'userType', op: 'equal', value: 'payment' },
    { attr: 'notLoginDays', op: 'gte', value: 30 },
  ],
  'active-late-game': [
    { attr: 'notLoginDays', op: 'lte', value: 7 },
    { attr: 'habitatCount', op: 'gte', value: 8 },
    { attr: 'country', op: 'exclude', value: ['CN'] },
  ],
  'old-app-android': [
    { attr: 'os', op: 'equal', value: 'android' },
    { attr: 'appVersion', op: 'lte', value: '1.1.9' },
    { attr: 'lastLogin', op: 'gte', value: '2020-01-01T00:00:00.000Z' },
  ],
};

export async function benchAudience(): Promise<string[]> {
  const count = benchPlayerCount();
  const database = await openBenchDatabase();
  try {
    await seedBenchPlayers(database, count);
    const { db } = database;
    await db.execute(sql`analyze players`);
    const ids = await samplePlayerIds(database, count);
    const sets = Object.entries(typicalSets).map(([name, input]) => ({ name, rules: conditionsSchema.parse(input) }));
    const times = new Map<string, number[]>(sets.map((s) => [s.name, []]));
    const counts = new Map<string, number>();
    const base: number[] = [];
    let read = 0;
    const end = Date.now() + SECONDS * 1000;
    // One warm-up round (plans, caches), then measured rounds.
    for (let round = -1; round < ROUNDS || Date.now() < end; round += 1) {
      for (const s of sets) {
        for (let i = 0; i < 4; i += 1) {
          const id = ids[(read * 7919) % ids.length];
          read += 1;
          const t = process.hrtime.bigint();
          const [row] = await db.select().from(players).where(eq(players.id, id));
          if (round >= 0) base.push(ms(t));
          if (!row) throw new Error(`player ${id} missing`);
        }
        const t = process.hrtime.bigint();
        const result = await countAudience(db, s.rules, new Date());
        if (round >= 0) times.get(s.name)!.push(ms(t));
        counts.set(s.name, result.count);
      }
      if (round >= 0 && round % 5 === 0)
        log(`round ${round}: ${sets.map((s) => `${s.name} ${counts.get(s.name)}`).join(', ')}`);
    }
    // Each count must be what the game's engine selects: exact up to the exact limit, an estimate
    // (a sample of pages) within 10 % or 200 players above it.
    const now = new Date();
    const expected = await engineCounts(
      db,
      sets.map((s) => s.rules),
      now,
    );
    for (const [i, s] of sets.entries()) {
      const got = await countAudience(db, s.rules, now);
      const slack = got.estimate ? Math.max(200, expected[i] * 0.1) : 0;
      assertRight(
        Math.abs(got.count - expected[i]) <= slack && (got.estimate || got.total === count),
        `audience ${s.name}: counted ${got.count}${got.estimate ? ' (estimate)' : ''} of ${got.total}, the engine selects ${expected[i]} of ${count}`,
      );
    }
    assertRight(
      expected.some((n) => n > 0),
      'every typical set selects nobody: the seed has no variety',
    );
    const baseP99 = percentile(base, 99);
    const all = [...times.values()].flat();
    const p99 = percentile(all, 99);
    const lines = [
      `bench audience: p99 ${p99.toFixed(1)} ms (ratio ${(p99 / baseP99).toFixed(2)} vs primary-key read p99 ${baseP99.toFixed(3)} ms) over ${count} players on ${database.kind}, ${all.length} counts`,
    ];
    for (const s of sets) {
      const p = percentile(times.get(s.name)!, 99);
      lines.push(
        resultLine(
          `audience-${s.name}`,
          `p99 ${p.toFixed(1)} ms, ${counts.get(s.name)!.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} players`,
          p / baseP99,
          `primary-key read p99 ${baseP99.toFixed(3)} ms`,
        ),
      );
    }
    return lines;
  } finally {
    await database.close();
  }
}
