import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { decodeCursor, encodeCursor, keysetPaginate } from './paginate.js';
import { auditLog } from './tables.js';

describe('keyset paging', () => {
  let ctx: TestContext;
  const base = Date.parse('2026-03-01T00:00:00Z');
  beforeAll(async () => {
    ctx = await createTestContext();
    // 230 rows over 50 distinct times: many share a time, so the id must break the ties.
    await ctx.database.db.insert(auditLog).values(
      Array.from({ length: 230 }, (_, i) => ({
        action: i % 3 === 0 ? 'keysetA' : 'keysetB',
        target: `keyset:${i}`,
        at: new Date(base + (i % 50) * 1000),
      })),
    );
  });
  afterAll(() => ctx.close());

  /** The test's rows, or those of one action. */
  const matching = (action?: string) => (action ? eq(auditLog.action, action) : like(auditLog.target, 'keyset:%'));
  const all = async (action?: string) =>
    (await ctx.database.db.select({ id: auditLog.id, at: auditLog.at }).from(auditLog).where(matching(action))).sort(
      (a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id,
    );

  /** A page of `matching(action)` by (time, id). */
  const pageOf = (q: { action?: string; cursor?: string | null; pageSize: number; total?: boolean }) => {
    const { action, ...rest } = q;
    return keysetPaginate(ctx.database.db, {
      from: auditLog,
      filters: [matching(action)],
      time: auditLog.at,
      id: auditLog.id,
      ...rest,
    });
  };

  it('walks every matching row once, newest first by (time, id), page after page', async () => {
    const expected = (await all()).map((r) => r.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof pageOf>> = await pageOf({ cursor, pageSize: 40 });
      expect(page.rows.length).toBeLessThanOrEqual(40);
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toEqual(expected);
  });

  it('keeps the filters on every page and ends with no cursor', async () => {
    const expected = (await all('keysetA')).map((r) => r.id);
    const first = await pageOf({ action: 'keysetA', pageSize: 50 });
    const second = await pageOf({ action: 'keysetA', cursor: first.nextCursor, pageSize: 50 });
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(expected);
    expect(second.nextCursor).toBeNull();
  });

  it('counts a small total exactly (issue 41 item 8): the planner estimates only above the bound', async () => {
    const page = await pageOf({ pageSize: 10, total: true });
    expect(page.total).toEqual({ value: (await all()).length, estimate: false });
    const filtered = await pageOf({ action: 'keysetA', pageSize: 10, total: true });
    expect(filtered.total).toEqual({ value: (await all('keysetA')).length, estimate: false });
  });

  it('reads a cursor that is not its own as the first page', async () => {
    expect(decodeCursor('not-a-cursor')).toBeNull();
    expect(decodeCursor(Buffer.from('["x", 1]').toString('base64url'))).toBeNull();
    const at = new Date(base);
    expect(decodeCursor(encodeCursor(at, 7))).toEqual({ time: at, id: 7 });
    const page = await pageOf({ cursor: '%%%', pageSize: 5 });
    expect(page.rows.map((r) => r.id)).toEqual((await all()).slice(0, 5).map((r) => r.id));
  });
});
