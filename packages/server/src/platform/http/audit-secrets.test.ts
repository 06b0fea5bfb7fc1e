import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';

/**
 * No secret reaches an audit row: sign-ins (wrong and right), a new user's password, a changed
 * password, an edited user's reset password, the session token and the game key are searched for
 * in every column of the whole audit log after the calls that carry them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('keeps passwords, tokens and the game key out of the audit log', async () => {
  const secrets = ['first-Secret-111', 'second-Secret-222', 'third-Secret-333', 'wrong-Secret-444', ADMIN_PASSWORD];
  const created = await ctx.call('POST', '/api/v1/user', {
    token: ctx.adminToken,
    body: { username: 'secretive', pwd: secrets[0], role: 'operation', email: 'secretive@example.com' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const wrong = await ctx.call('POST', '/api/v1/login', { body: { username: 'secretive', password: secrets[3] } });
  expect(wrong.statusCode).toBe(400);
  const token = await ctx.login('secretive', secrets[0]);
  const changed = await ctx.call('PUT', '/api/v1/password', {
    token,
    body: { oldPassword: secrets[0], newPassword: secrets[1] },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const { id } = created.json().data;
  const edited = await ctx.call('PUT', `/api/v1/user/${id}`, {
    token: ctx.adminToken,
    body: { username: 'secretive', pwd: secrets[2], role: 'operation', email: 'secretive@example.com' },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const game = await ctx.app.inject({
    method: 'POST',
    url: '/api/game/v1/players/login',
    headers: { 'x-game-key': GAME_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({
      deviceId: 'audit-secret-device',
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.0.0',
      language: 'en-US',
    }),
  });
  expect(game.statusCode, game.body).toBe(200);

  const rows = await ctx.database.db.execute(sql`select row_to_json(a)::text as row from audit_log a`);
  const log = (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join('\n');
  // The calls were audited (sign-in, the user created, edited, its password changed)…
  expect(log).toContain('staff:secretive');
  // …and no secret is in any of it.
  for (const secret of [...secrets, ctx.adminToken, token, GAME_KEY]) expect(log).not.toContain(secret);
});
