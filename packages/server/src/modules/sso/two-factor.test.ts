import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { staffRecoveryCodes } from './tables.js';

/** Two-factor sign-in (TOTP, RFC 6238) for password accounts, on the real server and database. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const T0 = new Date('2026-11-28T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (secret: string, when: Date) => generateSync({ secret, epoch: Math.floor(when.getTime() / 1000) });
const login = (username: string, password: string, code?: string, locale = 'en-US') =>
  ctx.call('POST', '/api/v1/login', { body: { username, password, ...(code ? { code } : {}) }, locale });

describe('two-factor sign-in', () => {
  it('set up from the account: key shown once, a wrong code keeps it off, a right one turns it on with recovery codes', async () => {
    ctx.clock.set(T0);
    const user = await ctx.userWithRole('operation');
    const started = await ctx.call('POST', '/api/v1/account/two-factor', { token: user.token });
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauthUrl } = started.json().data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Rookery:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const wrong = await ctx.call('POST', '/api/v1/account/two-factor/confirm', {
      token: user.token,
      body: { code: '000000' === codeAt(secret, T0) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'code' });
    expect((await ctx.call('GET', '/api/v1/account/two-factor', { token: user.token })).json().data.enabled).toBe(
      false,
    );
    const ok = await ctx.call('POST', '/api/v1/account/two-factor/confirm', {
      token: user.token,
      body: { code: codeAt(secret, T0) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { recoveryCodes } = ok.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(
      await ctx.call('GET', '/api/v1/account/two-factor', { token: user.token }).then((r) => r.json().data),
    ).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // The key is not shown again, and the stored recovery codes are hashes.
    expect((await ctx.call('POST', '/api/v1/account/two-factor', { token: user.token })).statusCode).toBe(409);
    const stored = JSON.stringify(await ctx.database.db.select().from(staffRecoveryCodes));
    expect(stored).toContain('codeHash');
    for (const c of recoveryCodes) expect(stored).not.toContain(c);

    // Sign-in: without the code it is asked for (no session); with it, signed in; the same code again is refused.
    const asked = await login(user.username, user.password, undefined, 'zh-CN');
    expect(asked.statusCode).toBe(401);
    expect(asked.json().msg).toBe('请输入身份验证器中的 6 位验证码');
    expect(asked.json().data).toEqual({ secondFactor: 'code' });
    ctx.clock.set(at(40));
    const code = codeAt(secret, at(40));
    expect((await login(user.username, user.password, code)).statusCode).toBe(200);
    const reused = await login(user.username, user.password, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toBe('This code was already used; wait for the next one');
    ctx.clock.set(at(70));
    expect((await login(user.username, user.password, codeAt(secret, at(70)))).statusCode).toBe(200);

    // A recovery code works once.
    const recovery = await login(user.username, user.password, recoveryCodes[0].toUpperCase());
    expect(recovery.statusCode, recovery.body).toBe(200);
    const again = await login(user.username, user.password, recoveryCodes[0]);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('The code or recovery code is wrong');
    ctx.clock.set(null);
  });

  it('wrong codes are throttled like wrong passwords', async () => {
    const user = await ctx.userWithRole('operation');
    const { secret } = (await ctx.call('POST', '/api/v1/account/two-factor', { token: user.token })).json().data;
    const now = new Date();
    ctx.clock.set(now);
    await ctx.call('POST', '/api/v1/account/two-factor/confirm', {
      token: user.token,
      body: { code: codeAt(secret, now) },
    });
    const right = codeAt(secret, new Date(now.getTime() + 30_000));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wrong = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
      statuses.push((await login(user.username, user.password, wrong)).statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    ctx.clock.set(new Date(now.getTime() + 30_000));
    // Even the right code waits out the lock.
    const locked = await login(user.username, user.password, right);
    expect(locked.statusCode).toBe(429);
    ctx.clock.set(null);
  });

  it('required for a role an admin marks: set up at sign-in; the admin reset is audited', async () => {
    const user = await ctx.userWithRole('developer');
    const refused = await ctx.admin('PUT', '/api/v1/two-factor/roles', { roles: ['developer', 'no-such-role'] });
    expect(refused.statusCode).toBe(400);
    expect((await ctx.adminOk('GET', '/api/v1/two-factor/roles')).roles).toEqual([]);
    expect((await ctx.adminOk('PUT', '/api/v1/two-factor/roles', { roles: ['developer'] })).roles).toEqual([
      'developer',
    ]);
    // Not for a role manager without the permission.
    const { token } = await ctx.userWithRole('operation');
    expect((await ctx.call('PUT', '/api/v1/two-factor/roles', { token, body: { roles: [] } })).statusCode).toBe(403);
    expect((await ctx.call('DELETE', `/api/v1/user/${user.id}/two-factor`, { token })).statusCode).toBe(403);

    const now = new Date();
    ctx.clock.set(now);
    const enrol = await login(user.username, user.password);
    expect(enrol.statusCode).toBe(401);
    expect(enrol.json().msg).toBe(
      'Your role requires two-step sign-in: scan the QR code with an authenticator app, then enter its code',
    );
    const { secret, otpauthUrl, secondFactor } = enrol.json().data;
    expect(secondFactor).toBe('enrol');
    expect(otpauthUrl).toContain(secret);
    const signedIn = await login(user.username, user.password, codeAt(secret, now));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.recoveryCodes).toHaveLength(10);
    expect((await login(user.username, user.password)).statusCode).toBe(401);

    await ctx.adminOk('DELETE', `/api/v1/user/${user.id}/two-factor`);
    const log = await ctx.adminOk(
      'GET',
      '/api/v1/system/log?start=2020-01-01T00:00:00Z&end=2099-01-01T00:00:00Z&action=resetStaffTwoFactor',
    );
    expect(log.list[0]).toMatchObject({ actor: 'admin', target: `staff:${user.username}` });
    // Still required by the role: set up again at the next sign-in.
    expect((await login(user.username, user.password)).json().data.secondFactor).toBe('enrol');
    await ctx.adminOk('PUT', '/api/v1/two-factor/roles', { roles: [] });
    await ctx.adminOk('DELETE', `/api/v1/user/${user.id}/two-factor`);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    ctx.clock.set(null);
  });
});
