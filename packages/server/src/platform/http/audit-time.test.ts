// An audit row's time is the service clock's, like every other time the server writes: a test that
// stops the clock in 2031 finds the row of a change made "then", and the database's own now()
// plays no part.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('writes the audit row at the service clock time, for an endpoint and a sign-in', async () => {
  const at = new Date('2031-05-06T07:08:09.000Z');
  ctx.clock.set(at);
  ctx.adminToken = await ctx.login('admin', ADMIN_PASSWORD);
  const roleName = `clock${Date.now() % 100000}`;
  const created = await ctx.call('POST', '/api/v1/role', {
    token: ctx.adminToken,
    body: { roleName, content: ['userQuery'] },
  });
  expect(created.statusCode).toBe(200);
  const range = `start=${encodeURIComponent('2031-05-06T07:00:00.000Z')}&end=${encodeURIComponent('2031-05-06T08:00:00.000Z')}`;
  const log = await ctx.call('GET', `/api/v1/system/log?${range}&pageSize=50`, { token: ctx.adminToken });
  expect(log.statusCode).toBe(200);
  const rows = (log.json().data.list ?? log.json().data.datas) as { at: string; target: string | null }[];
  const row = rows.find((r) => r.target === `role:${roleName}`);
  expect(row?.at).toBe(at.toISOString());
});
