import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { listLogs } from './queries.js';

// A million rows on PostgreSQL (CI); fewer on the embedded database, which the other tests share.
const ROWS = Number(process.env.LOG_PAGING_ROWS ?? (process.env.TEST_DATABASE_URL ? 1_000_000 : 50_000));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('keyset paging', () => {
  it(`returns each of ${ROWS} entries exactly once, newest first, with ties on time`, {
    timeout: 600_000,
  }, async () => {
    const now = ctx.clock.now();
    // Many entries share a time (a batch is written with one receive time): the id breaks ties.
    await ctx.database.db.execute(sql`
      insert into log_entries (at, kind, level, message)
      select ${now.toISOString()}::timestamptz - ((i / 7) * interval '1 millisecond'), 'client', 'info', 'paged'
        from generate_series(1, ${ROWS}::int) as i`);
    const query = {
      start: new Date(now.getTime() - 3_600_000).toISOString(),
      end: new Date(now.getTime() + 1000).toISOString(),
      pageSize: 1000,
    };
    const seen = new Set<number>();
    let count = 0;
    let last: { at: number; id: number } | null = null;
    let cursor: string | undefined;
    do {
      const page = await listLogs(ctx.database.db, { ...query, cursor } as never, ['client']);
      for (const e of page.list) {
        const at = e.at.getTime();
        if (last) expect(at < last.at || (at === last.at && e.id < last.id)).toBe(true);
        last = { at, id: e.id };
        seen.add(e.id);
        count += 1;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    // Every entry once: as many as stored, none twice.
    expect(count).toBe(ROWS);
    expect(seen.size).toBe(ROWS);
  });
});
