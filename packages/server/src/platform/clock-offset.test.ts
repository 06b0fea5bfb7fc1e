import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../test/harness.js';
import { CLOCK_OFFSET_KEY, readClockOffset, setClockOffset } from './clock-offset.js';
import { serverSettings } from './db/tables.js';

const HOUR = 3_600_000;
/** How far the app's clock runs ahead of the wall clock right now (a few ms of drift either way). */
const aheadBy = (c: TestContext) => c.clock.now().getTime() - Date.now();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('the stored clock offset', () => {
  it('is stored once and followed by this instance at once', async () => {
    expect(await readClockOffset(ctx.database.db)).toBe(0);
    const change = await setClockOffset(ctx.database.db, 26 * HOUR, ctx.clock.now());
    expect(change).toEqual({ before: 0, after: 26 * HOUR });
    await setClockOffset(ctx.database.db, 0, ctx.clock.now());

    // Sessions follow the clock: the one signed in at wall-clock time (24 h) has expired a day
    // later, one signed in now has not.
    const old = await ctx.login('admin', ADMIN_PASSWORD);
    await setClockOffset(ctx.database.db, 26 * HOUR, ctx.clock.now());
    expect((await ctx.call('GET', '/api/v1/role', { token: old })).statusCode).toBe(401);
    const fresh = await ctx.login('admin', ADMIN_PASSWORD);
    expect((await ctx.call('GET', '/api/v1/role', { token: fresh })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(serverSettings).where(eq(serverSettings.key, CLOCK_OFFSET_KEY));
    expect(row.value).toBe(26 * HOUR);
    // Announced in-process on commit: no wait for the notice.
    expect(Math.abs(aheadBy(ctx) - 26 * HOUR)).toBeLessThan(1_000);

    // Back to the wall clock.
    await setClockOffset(ctx.database.db, 0, ctx.clock.now());
    expect(Math.abs(aheadBy(ctx))).toBeLessThan(1_000);
  });

  it('refuses an offset that is not a whole number of milliseconds within ten years, and keeps the stored one', async () => {
    await setClockOffset(ctx.database.db, -5 * HOUR, ctx.clock.now());
    for (const bad of [1.5, Number.NaN, 11 * 365 * 24 * HOUR])
      await expect(setClockOffset(ctx.database.db, bad, ctx.clock.now())).rejects.toThrow(RangeError);
    expect(await readClockOffset(ctx.database.db)).toBe(-5 * HOUR);
    expect(Math.abs(aheadBy(ctx) + 5 * HOUR)).toBeLessThan(1_000);
    await setClockOffset(ctx.database.db, 0, ctx.clock.now());
  });

  it('leaves a clock a test stopped where it is, and applies when it runs again', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    ctx.clock.set(at);
    await setClockOffset(ctx.database.db, HOUR, ctx.clock.now());
    expect(ctx.clock.now()).toEqual(at);
    ctx.clock.set(null);
    expect(Math.abs(aheadBy(ctx) - HOUR)).toBeLessThan(1_000);
    await setClockOffset(ctx.database.db, 0, ctx.clock.now());
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('set on one instance, the other follows', async () => {
    const second = await createTestContext({ shareDatabaseOf: ctx });
    try {
      expect(Math.abs(aheadBy(second))).toBeLessThan(1_000);
      await setClockOffset(ctx.database.db, 3 * HOUR, ctx.clock.now());
      await expect.poll(() => Math.abs(aheadBy(second) - 3 * HOUR) < 1_000, { timeout: 15_000 }).toBe(true);
      // And back, set through the second one this time.
      await setClockOffset(second.database.db, -2 * HOUR, second.clock.now());
      await expect.poll(() => Math.abs(aheadBy(ctx) + 2 * HOUR) < 1_000, { timeout: 15_000 }).toBe(true);
      expect(Math.abs(aheadBy(second) + 2 * HOUR)).toBeLessThan(1_000);
      // A third instance started now starts at the stored offset.
      const third = await createTestContext({ shareDatabaseOf: ctx });
      try {
        expect(Math.abs(aheadBy(third) + 2 * HOUR)).toBeLessThan(1_000);
      } finally {
        await third.close();
      }
    } finally {
      await setClockOffset(ctx.database.db, 0, ctx.clock.now());
      await second.close();
    }
  });
});
