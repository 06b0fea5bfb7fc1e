import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type GiftCodeBatchBody, validUniqueCode } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { createBatch, getBatchRow } from '../packages/server/src/modules/giftcodes/batches.js';
import { generateCodes } from '../packages/server/src/modules/giftcodes/generate.js';
import { exportCodesCsv } from '../packages/server/src/modules/giftcodes/history.js';
import { ServiceClock } from '../packages/server/src/platform/clock.js';
import type { Db } from '../packages/server/src/platform/db/client.js';
import { assertRight, log, ms, openBenchDatabase, resultLine } from './harness.js';

const MB = 1024 * 1024;

/** A batch for the gift-code benchmarks: open from an hour ago for a day, 5 gems, once per player, anyone. */
export const createBenchBatch = (
  db: Db,
  now: Date,
  kind: Pick<GiftCodeBatchBody, 'kind' | 'code' | 'totalLimit' | 'codeCount'>,
) =>
  createBatch(
    db,
    {
      name: kind.code ?? 'bench',
      description: { 'zh-CN': undefined, 'en-US': undefined },
      ...kind,
      rewards: [{ kind: 'gem', amount: 5 }],
      startAt: new Date(now.getTime() - 3_600_000).toISOString(),
      endAt: new Date(now.getTime() + 86_400_000).toISOString(),
      perPlayerLimit: 1,
      conditions: [],
      platforms: [],
      channels: [],
      enabled: true,
    } as GiftCodeBatchBody,
    'bench',
    now,
  );

/** The highest RSS seen while `work` runs (sampled every 50 ms), in MB over `idle`. */
async function peakRss<T>(idle: number, work: () => Promise<T>): Promise<{ result: T; overMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, overMb: (peak - idle) / MB };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `bench giftcode-generate`: generating BENCH_CODES (default 1,000,000; else BENCH_PLAYERS)
 * unique codes for one batch (the job's own function: CSPRNG, check symbol, 10,000 a statement,
 * collisions retried) against inserting as many rows of random text with the database's own bulk
 * path (`insert … select … from generate_series`, no client round trips) into a table of the
 * same shape, in the same run. Target: time ratio ≤ 2. Also the RSS over idle while generating
 * and while streaming the CSV export of every code (target ≤ 300 MB).
 */
export async function benchGiftCodeGenerate(): Promise<string> {
  const n = Number(process.env.BENCH_CODES ?? process.env.BENCH_PLAYERS ?? 1_000_000);
  const database = await openBenchDatabase();
  const { db } = database;
  const clock = new ServiceClock();
  try {
    await db.execute(sql`create table bench_codes (code text primary key, batch_id integer not null)`);
    await db.execute(sql`create index on bench_codes (batch_id, code)`);
    log(`baseline: ${n} random text rows by insert … select`);
    let start = process.hrtime.bigint();
    await db.execute(
      sql`insert into bench_codes (code, batch_id) select md5(random()::text || g), 1 from generate_series(1, ${n}::int) g`,
    );
    const baseMs = ms(start);

    const now = clock.now();
    const batch = await createBenchBatch(db, now, { kind: 'unique', codeCount: n });
    global.gc?.();
    const idle = process.memoryUsage().rss;
    log(`generating ${n} codes`);
    start = process.hrtime.bigint();
    const generating = await peakRss(idle, () =>
      generateCodes(db, batch.id, async (done) => {
        if (done % 100_000 === 0) log(`generated ${done} / ${n}`);
      }),
    );
    const genMs = ms(start);
    const row = await getBatchRow(db, batch.id);
    const counted = (await db.execute(
      sql`select count(*)::int as n from gift_codes where batch_id = ${batch.id}`,
    )) as unknown as { rows: { n: number }[] };
    assertRight(
      row.generated === n && Number(counted.rows[0].n) === n,
      `generated ${row.generated}, rows ${counted.rows[0].n}`,
    );

    log('streaming the CSV export');
    let lines = 0;
    let checked = 0;
    let tail = '';
    const exporting = await peakRss(idle, () =>
      pipeline(
        exportCodesCsv(db, row, 'en-US'),
        new Writable({
          write(chunk: Buffer, _enc, done) {
            const parts = (tail + chunk.toString('utf8')).split('\r\n');
            tail = parts.pop() ?? '';
            for (const line of parts) {
              lines += 1;
              // Every code in the file is a well-formed one (sampled: one in a hundred).
              if (lines > 1 && lines % 100 === 0) {
                assertRight(validUniqueCode(line.split(',')[0]), `bad code in CSV: ${line}`);
                checked += 1;
              }
            }
            done();
          },
        }),
      ),
    );
    assertRight(lines === n + 1 && checked > 0, `CSV lines ${lines}, expected ${n + 1}`);
    return resultLine(
      'giftcode-generate',
      `${n} unique codes in ${(genMs / 1000).toFixed(1)} s (${database.kind}); RSS over idle +${Math.round(generating.overMb)} MB generating, +${Math.round(exporting.overMb)} MB streaming the CSV`,
      genMs / baseMs,
      `insert … select of ${n} random text rows ${(baseMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}
