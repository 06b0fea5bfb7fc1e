import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BufferedWriter } from './buffered-writer.js';

const log = pino({ level: 'silent' });
const opts = { flushMs: 60_000, maxBatch: 3, maxBuffered: 5 };

describe('the buffered writer', () => {
  it('writes in batches of maxBatch, one write at a time, and reports each stored batch', async () => {
    const writes: number[][] = [];
    let running = 0;
    let overlapped = false;
    const seen: number[] = [];
    const w = new BufferedWriter<number>(
      'test',
      async (rows) => {
        overlapped ||= running > 0;
        running += 1;
        await new Promise((r) => setTimeout(r, 5));
        writes.push(rows);
        running -= 1;
      },
      log,
      { ...opts, maxBuffered: 100 },
      (rows) => seen.push(...rows),
    );
    w.push(1, 2);
    w.push(3, 4, 5, 6, 7);
    await w.flush();
    expect(writes).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(overlapped).toBe(false);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(w.stored).toBe(7);
    await w.close();
  });

  it('keeps rows a failed write could not store for the next flush, and past maxBuffered drops the oldest', async () => {
    let fail = true;
    const stored: number[] = [];
    const w = new BufferedWriter<number>(
      'test',
      async (rows) => {
        if (fail) throw new Error('database down');
        stored.push(...rows);
      },
      log,
      { ...opts, maxBatch: 10 },
    );
    w.push(1, 2, 3);
    await w.flush();
    expect(stored).toEqual([]);
    w.push(4, 5, 6, 7);
    expect(w.dropped).toBe(2);
    fail = false;
    await w.flush();
    expect(stored).toEqual([3, 4, 5, 6, 7]);
    expect(w.dropped).toBe(2);
    await w.close();
  });
});

describe('a batch the database refuses for its data', () => {
  /** A write that fails as PostgreSQL does on a NUL in jsonb (SQLSTATE 22P05, wrapped as Drizzle wraps it). */
  const refusing = (bad: Set<number>, stored: number[]) => async (rows: number[]) => {
    if (rows.some((r) => bad.has(r))) {
      const cause = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
      throw Object.assign(new Error(`Failed query: insert … params: ${rows.join(',')}`), { query: 'insert', cause });
    }
    stored.push(...rows);
  };

  it('is split until the refused rows are found: they are dropped and counted, the rest stored in order', async () => {
    const stored: number[] = [];
    const seen: number[] = [];
    const w = new BufferedWriter<number>(
      'test',
      refusing(new Set([3, 8]), stored),
      log,
      { ...opts, maxBatch: 10, maxBuffered: 100 },
      (rows) => seen.push(...rows),
    );
    w.push(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    await w.flush();
    expect(stored).toEqual([1, 2, 4, 5, 6, 7, 9, 10, 11]);
    expect(seen).toEqual(stored);
    expect(w.rejected).toBe(2);
    expect(w.stored).toBe(9);
    await w.close();
  });

  it('a failure not tied to the data keeps every row for the next flush', async () => {
    const stored: number[] = [];
    let down = true;
    const w = new BufferedWriter<number>(
      'test',
      async (rows) => {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        stored.push(...rows);
      },
      log,
      { ...opts, maxBatch: 10, maxBuffered: 100 },
    );
    w.push(1, 2, 3);
    await w.flush();
    expect(w.rejected).toBe(0);
    down = false;
    await w.flush();
    expect(stored).toEqual([1, 2, 3]);
    await w.close();
  });
});
