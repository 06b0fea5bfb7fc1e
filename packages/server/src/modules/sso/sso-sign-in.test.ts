import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_USERS, startTestProvider, type TestProvider } from '../../test/openid-provider.js';
import { staffSessions } from '../staff/tables.js';
import { ssoSignInRequests } from './tables.js';

/**
 * The whole OpenID Connect sign-in against a real provider (`oidc-provider`) on a loopback port:
 * the console starts it, the provider's sign-in page is driven over HTTP like a browser would
 * (cookies kept, redirects followed by hand), and its answer goes to the callback endpoint.
 */
const REDIRECT = 'http://console.test/callback/login';
const POST_LOGOUT = 'http://console.test/login';
const USERS = [
  ...DEMO_USERS,
  { sub: 'carol', email: 'carol@elsewhere.example', password: 'carol-pass', name: 'Carol' },
  { sub: 'dave', email: 'dave@studio.example', password: 'dave-pass', name: 'Dave' },
  { sub: 'erin', email: 'erin@studio.example', password: 'erin-pass', name: 'Erin', emailVerified: false },
  { sub: 'frank', email: 'frank@studio.example', password: 'frank-pass', name: 'Frank' },
];

/** Sign in at the provider's page and return the query it sends the browser back to the console with. */
async function signInAtProvider(idp: TestProvider, authUrl: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const go = async (url: string | URL, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  let res = await go(authUrl);
  let location = new URL(res.headers.get('location')!, idp.issuer);
  expect(location.pathname).toMatch(/^\/interaction\//);
  expect((await go(location)).status).toBe(200);
  res = await go(new URL(`${location.pathname}/login`, idp.issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  for (let hops = 0; hops < 10; hops++) {
    location = new URL(res.headers.get('location')!, idp.issuer);
    if (location.href.startsWith(REDIRECT)) return location.search;
    res = await go(location);
  }
  throw new Error('the provider never sent the browser back');
}

function suite(name: string, settings: { jit: boolean }) {
  describe(name, () => {
    let ctx: TestContext;
    let idp: TestProvider;

    beforeAll(async () => {
      idp = await startTestProvider({ redirectUris: [REDIRECT], postLogoutRedirectUris: [POST_LOGOUT], users: USERS });
      ctx = await createTestContext({
        config: {
          oidc: {
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            scopes: 'openid email profile',
            allowedDomains: settings.jit ? [] : ['studio.example'],
            jitProvisioning: settings.jit,
            noPassword: !settings.jit,
            providerName: 'Studio ID',
            redirectUri: REDIRECT,
          },
        },
      });
    }, 60_000);
    afterAll(async () => {
      await ctx?.close();
      await idp?.close();
    });

    const start = async (redirect?: string) => {
      const res = await ctx.call('POST', '/api/v1/sso/authorize', { body: redirect ? { redirect } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.url as string;
    };
    const complete = (query: string, locale = 'en-US') =>
      ctx.call('POST', '/api/v1/sso/callback', { body: { query }, locale });
    const account = (username: string, email: string, pwd = `${username}-password-1`) =>
      ctx.adminOk('POST', '/api/v1/user', { username, pwd, role: 'operation', email });
    const sessions = async () =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(staffSessions))[0].n;

    if (!settings.jit) {
      it('the login page is told the provider name', async () => {
        const res = await ctx.call('GET', '/api/v1/sso/sign-in');
        expect(res.json().data).toEqual({ enabled: true, provider: 'Studio ID' });
      });

      it('signs in a known account by verified email and returns to the original page', async () => {
        await account('alice', 'Alice@Studio.example');
        const url = new URL(await start('/players/list?x=1'));
        expect(url.origin).toBe(idp.issuer);
        expect(url.searchParams.get('code_challenge_method')).toBe('S256');
        expect(url.searchParams.get('state')).toBeTruthy();
        expect(url.searchParams.get('nonce')).toBeTruthy();
        const query = await signInAtProvider(idp, url.href, 'alice@studio.example', 'alice-pass');
        const res = await complete(query);
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data;
        expect(data.redirect).toBe('/players/list?x=1');
        expect(data.user.access).toContain('operation');
        const session = await ctx.call('GET', '/api/v1/session', { token: data.token });
        expect(session.json().data).toMatchObject({ username: 'alice', status: 'active', features: { sso: true } });
        const log = await ctx.adminOk(
          'GET',
          '/api/v1/system/log?start=2020-01-01T00:00:00Z&end=2099-01-01T00:00:00Z&action=ssoLogin',
        );
        expect(log.list[0]).toMatchObject({ actor: 'alice', target: 'staff:alice' });
        // No secret reaches the audit log.
        expect(JSON.stringify(log.list)).not.toMatch(/eyJ|code_verifier|nonce/);
      });

      it('a replayed callback is refused, and a target outside the console is dropped', async () => {
        const query = await signInAtProvider(
          idp,
          await start('//evil.example/x'),
          'alice@studio.example',
          'alice-pass',
        );
        const first = await complete(query);
        expect(first.statusCode).toBe(200);
        expect(first.json().data.redirect).toBeNull();
        const before = await ctx.fingerprint();
        const sessionsBefore = await sessions();
        const again = await complete(query, 'zh-CN');
        expect(again.statusCode).toBe(400);
        expect(again.json().msg).toBe('单点登录请求无效或已使用，请重新登录');
        expect(await ctx.fingerprint()).toEqual(before);
        expect(await sessions()).toBe(sessionsBefore);
      });

      it('a wrong state is refused and changes nothing', async () => {
        const query = await signInAtProvider(idp, await start(), 'alice@studio.example', 'alice-pass');
        const wrong = new URLSearchParams(query);
        wrong.set('state', 'not-the-state-we-sent');
        const before = await ctx.fingerprint();
        const res = await complete(wrong.toString());
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe('This sign-in request is unknown, expired or already used; sign in again');
        expect(await ctx.fingerprint()).toEqual(before);
        // The right state still finishes it.
        expect((await complete(query)).statusCode).toBe(200);
      });

      it('a tampered ID token is refused', async () => {
        const query = await signInAtProvider(idp, await start(), 'alice@studio.example', 'alice-pass');
        idp.tamperTokenResponse = (body) => {
          const [h, p, s] = String(body.id_token).split('.');
          const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
          claims.email = 'admin@studio.example';
          return { ...body, id_token: [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.') };
        };
        const sessionsBefore = await sessions();
        try {
          const res = await complete(query);
          expect(res.statusCode).toBe(400);
          expect(res.json().msg).toBe('The identity token from the provider is invalid or expired');
        } finally {
          idp.tamperTokenResponse = undefined;
        }
        expect(await sessions()).toBe(sessionsBefore);
      });

      it('an expired ID token is refused (the service clock is past its expiry)', async () => {
        ctx.clock.set(new Date(Date.now() + 2 * 3600_000));
        try {
          const query = await signInAtProvider(idp, await start(), 'alice@studio.example', 'alice-pass');
          const res = await complete(query);
          expect(res.statusCode).toBe(400);
          expect(res.json().msg).toBe('The identity token from the provider is invalid or expired');
        } finally {
          ctx.clock.set(null);
        }
      });

      it('refuses an unknown email, a domain not allowed, an unverified email and a disabled account', async () => {
        const before = await ctx.fingerprint();
        const unknown = await complete(await signInAtProvider(idp, await start(), 'bob@studio.example', 'bob-pass'));
        expect(unknown.statusCode).toBe(403);
        expect(unknown.json().msg).toBe('No console account has this email address; ask an administrator');
        await account('carol', 'carol@elsewhere.example');
        const outside = await complete(
          await signInAtProvider(idp, await start(), 'carol@elsewhere.example', 'carol-pass'),
          'zh-CN',
        );
        expect(outside.statusCode).toBe(403);
        expect(outside.json().msg).toBe('该邮箱的域名不允许登录控制台');
        await account('erin', 'erin@studio.example');
        const unverified = await complete(
          await signInAtProvider(idp, await start(), 'erin@studio.example', 'erin-pass'),
        );
        expect(unverified.statusCode).toBe(403);
        expect(unverified.json().msg).toBe('The identity provider gave no verified email address');
        const dave = await account('dave', 'dave@studio.example');
        await ctx.adminOk('PUT', `/api/v1/user/${dave.id}`, { status: 'disabled' });
        const mid = await ctx.fingerprint();
        const disabled = await complete(await signInAtProvider(idp, await start(), 'dave@studio.example', 'dave-pass'));
        expect(disabled.statusCode).toBe(403);
        expect(disabled.json().msg).toBe('This account is disabled');
        // Only the start's own audit row was added (its request row came and went): no account,
        // link or session was made.
        const { audit_log: _a, ...after } = await ctx.fingerprint();
        const { audit_log: _b, ...expected } = mid;
        expect(after).toEqual(expected);
        expect(before.staff_users).not.toBe(mid.staff_users);
      });

      it('keeps signing in after the provider rotates its signing key', async () => {
        const old = idp.signingKid;
        await idp.rotateKeys();
        expect(idp.signingKid).not.toBe(old);
        const res = await complete(await signInAtProvider(idp, await start(), 'alice@studio.example', 'alice-pass'));
        expect(res.statusCode, res.body).toBe(200);
      });

      it('an SSO account can no longer sign in with its password (OIDC_NO_PASSWORD)', async () => {
        const res = await ctx.call('POST', '/api/v1/login', {
          body: { username: 'alice', password: 'alice-password-1' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe('This account signs in with single sign-on');
        // A wrong password still reads as one.
        const wrong = await ctx.call('POST', '/api/v1/login', {
          body: { username: 'alice', password: 'nope-nope-nope' },
        });
        expect(wrong.json().msg).toBe('Wrong user name or password');
      });

      it('signing out ends the console session and gives the provider end-session address', async () => {
        const { token } = (
          await complete(await signInAtProvider(idp, await start(), 'alice@studio.example', 'alice-pass'))
        ).json().data;
        const res = await ctx.call('POST', '/api/v1/sso/logout', { token, body: { postLogoutUrl: POST_LOGOUT } });
        expect(res.statusCode, res.body).toBe(200);
        const url = new URL(res.json().data.endSessionUrl);
        expect(url.origin + url.pathname).toBe(`${idp.issuer}/session/end`);
        expect(url.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
        expect(url.searchParams.get('post_logout_redirect_uri')).toBe(POST_LOGOUT);
        // The provider accepts it: its sign-out confirmation page.
        expect((await fetch(url)).status).toBe(200);
        expect((await ctx.call('GET', '/api/v1/session', { token })).statusCode).toBe(401);
        // A password session signs out with no provider address.
        const own = await ctx.call('POST', '/api/v1/sso/logout', { token: ctx.adminToken, body: {} });
        expect(own.json().data.endSessionUrl).toBeNull();
      });

      it('an issuer that is down gives a clear answer, not an error page', async () => {
        const query = await signInAtProvider(idp, await start(), 'alice@studio.example', 'alice-pass');
        idp.down = true;
        try {
          const res = await complete(query, 'zh-CN');
          expect(res.statusCode).toBe(503);
          expect(res.json().msg).toBe('暂时无法连接身份提供方，请稍后再试');
        } finally {
          idp.down = false;
        }
      });

      it('unfinished sign-ins expire', async () => {
        await start();
        const rows = await ctx.database.db.select().from(ssoSignInRequests);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.expiresAt.getTime() - r.createdAt.getTime() === 10 * 60_000)).toBe(true);
      });
    } else {
      it('an issuer down at the first start is a clear answer', async () => {
        idp.down = true;
        try {
          const res = await ctx.call('POST', '/api/v1/sso/authorize', { body: {} });
          expect(res.statusCode).toBe(503);
          expect(res.json().msg).toBe('The identity provider cannot be reached right now; try again later');
        } finally {
          idp.down = false;
        }
      });

      it('an unknown email becomes a pending registration to approve in /system/allow', async () => {
        const res = await complete(await signInAtProvider(idp, await start(), 'bob@studio.example', 'bob-pass'));
        expect(res.statusCode, res.body).toBe(200);
        const { token, user, redirect } = res.json().data;
        expect(user.access).toEqual([]);
        expect(redirect).toBeNull();
        const status = await ctx.call('GET', '/api/v1/session', { token });
        expect(status.json().data).toMatchObject({ username: 'bob@studio.example', status: 'pending' });
        const pending = await ctx.adminOk('GET', '/api/v1/registrations?status=pending');
        const row = pending.list.find((r: { username: string }) => r.username === 'bob@studio.example');
        expect(row).toBeTruthy();
        await ctx.adminOk('POST', `/api/v1/registrations/${row.id}/approve`, { role: 'operation' });
        const again = await complete(await signInAtProvider(idp, await start(), 'bob@studio.example', 'bob-pass'));
        expect(again.json().data.user.access).toContain('operation');
        // Without OIDC_NO_PASSWORD the account keeps its password sign-in setting (none known here).
        const [u] = await ctx.database.db
          .execute(sql`select password_sign_in from staff_users where username = 'bob@studio.example'`)
          .then((r: any) => r.rows ?? r);
        expect(u.password_sign_in).toBe(false);
      });
    }
  });
}

suite('OIDC sign-in against a real provider', { jit: false });
suite('OIDC sign-in with just-in-time provisioning', { jit: true });
