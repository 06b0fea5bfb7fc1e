import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ authRateLimit: 4 });
});
afterAll(() => ctx?.close());

it('limits sign-in requests per IP per minute, before any work is done', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await ctx.call('POST', '/api/v1/login', {
      body: { username: 'nobody', password: 'x' },
      locale: 'en-US',
    });
    statuses.push(res.statusCode);
  }
  expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
  expect(statuses[3]).toBe(429);
  // The test context's own admin sign-in was the first of the four.
  // Endpoints that need a session are not limited this way.
  for (let i = 0; i < 5; i++)
    expect((await ctx.call('GET', '/api/v1/session', { token: ctx.adminToken })).statusCode).toBe(200);
});
