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
