import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
let second: TestContext | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  if (onPostgres) second = await createTestContext({ shareDatabaseOf: ctx });
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

type Answer = {
  instances: {
    instance: string;
    points: { rps: number; p99Ms: number; errorRate: number; heapUsedBytes: number; dbPoolTotal: number }[];
    routes: { route: string; count: number }[];
  }[];
};

describe('performance figures', () => {
  it('each instance reports its own requests, latency per route, memory and the pool', async () => {
    for (let i = 0; i < 5; i++) await ctx.call('GET', '/api/v1/permession', { token: ctx.adminToken });
    await ctx.app.performance.report();
    if (second) {
      for (let i = 0; i < 3; i++) await second.call('GET', '/healthz');
      await second.app.performance.report();
    }
    const res = await ctx.call('GET', '/api/v1/performance/server?minutes=5', { token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    const data: Answer = res.json().data;
    const mine = data.instances.find((i) => i.instance === ctx.app.performance.instance);
    expect(mine).toBeDefined();
    const last = mine!.points.at(-1)!;
    expect(last.rps).toBeGreaterThan(0);
    expect(last.heapUsedBytes).toBeGreaterThan(0);
    expect(mine!.routes.find((r) => r.route === 'GET /api/v1/permession')?.count).toBeGreaterThanOrEqual(5);
    if (second) {
      // Two instances on one PostgreSQL: one line each.
      expect(data.instances.map((i) => i.instance)).toContain(second.app.performance.instance);
      expect(second.app.performance.instance).not.toBe(ctx.app.performance.instance);
      expect(last.dbPoolTotal).toBeGreaterThan(0);
      const other = data.instances.find((i) => i.instance === second!.app.performance.instance)!;
      expect(other.routes.find((r) => r.route === 'GET /healthz')?.count).toBe(3);
    }
  });

  it('takes only the offered windows and needs serverInfoQuery', async () => {
    expect((await ctx.call('GET', '/api/v1/performance/server?minutes=7', { token: ctx.adminToken })).statusCode).toBe(
      400,
    );
    const { token } = await ctx.userWithRole('service');
    expect((await ctx.call('GET', '/api/v1/performance/server', { token })).statusCode).toBe(403);
  });
});
