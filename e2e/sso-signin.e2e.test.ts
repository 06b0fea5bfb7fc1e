import { pathTo } from '@rookery/contracts';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../packages/server/src/test/harness.js';
import { DEMO_USERS, startTestProvider, type TestProvider } from '../packages/server/src/test/openid-provider.js';
import { freePort } from '../packages/server/src/test/processes.js';
import { axeFindings } from './axe';
import { contextOptions, signIn, useBrowser } from './helpers';

/**
 * Single sign-on in the browser, on a server of its own configured with a real OpenID provider
 * (`oidc-provider`, in this process): "Sign in with …" on the login page, the provider's own
 * sign-in page, back through `/callback/login` to the page first asked for; a refused account
 * reads a clear message with the way back; signing out ends the provider's session too.
 */
const browser = useBrowser();
let ctx: TestContext;
let idp: TestProvider;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  idp = await startTestProvider({
    redirectUris: [`${base}/callback/login`],
    postLogoutRedirectUris: [`${base}/login`],
    users: [...DEMO_USERS, { sub: 'zed', email: 'zed@studio.example', password: 'zed-pass', name: 'Zed' }],
  });
  ctx = await createTestContext({
    config: {
      webDist: inject('webDist'),
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        scopes: 'openid email profile',
        allowedDomains: ['studio.example'],
        jitProvisioning: false,
        noPassword: false,
        providerName: 'Studio ID',
      },
    },
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  await ctx.adminOk('POST', '/api/v1/user', {
    username: 'alice',
    pwd: 'alice-console-pass-1',
    role: 'operation',
    email: 'alice@studio.example',
  });
});
afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

async function newPage(locale: string): Promise<Page> {
  const context = await browser().newContext({ ...contextOptions, baseURL: base, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function signInAtProvider(page: Page, email: string, password: string) {
  await page.waitForURL((u) => u.href.startsWith(idp.issuer));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('single sign-on', () => {
  it('signs in with the provider and lands on the page first asked for; sign-out ends both sessions', async () => {
    const page = await newPage('en-US');
    await page.goto('/login?redirect=%2Fsystem%2Fallow');
    const button = page.getByTestId('sso-sign-in');
    await expect.poll(() => button.innerText()).toBe('Sign in with Studio ID');
    expect(await axeFindings(page)).toEqual([]);
    await button.click();
    await signInAtProvider(page, 'alice@studio.example', 'alice-pass');
    await page.waitForURL((u) => u.origin === base && u.pathname === '/system/allow');
    await expect.poll(() => page.getByTestId('user-menu').getAttribute('aria-label')).toBe('alice');

    // Sign out: the console session ends and the browser goes to the provider's sign-out page.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${idp.issuer}/session/end`));
    const cookies = await page.context().cookies(base);
    expect(cookies.find((c) => c.name === 'admin-token')).toBeUndefined();
    await page.getByRole('button', { name: /sign me out/i }).click();
    await page.waitForURL((u) => u.origin === base && u.pathname === '/login');
    await page.context().close();
  });

  it('an account the console does not know reads a clear message and the way back, in Chinese', async () => {
    const page = await newPage('zh-CN');
    await page.goto('/login');
    await page.getByTestId('sso-sign-in').click();
    await signInAtProvider(page, 'zed@studio.example', 'zed-pass');
    await page.waitForURL((u) => u.origin === base && u.pathname === '/callback/login');
    const callback = page.url();
    await expect
      .poll(() => page.getByTestId('sso-error').innerText())
      .toBe('没有与该邮箱对应的控制台账号，请联系管理员');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // Reloading the used callback is refused too (a state answers once), never an error page.
    await page.goto(callback);
    await expect.poll(() => page.getByTestId('sso-error').innerText()).toBe('单点登录请求无效或已使用，请重新登录');
    await page.context().close();
  });

  it('two-factor: a role that requires it sets it up at sign-in (QR and key), then signs in with a recovery code', async () => {
    await ctx.adminOk('PUT', '/api/v1/two-factor/roles', { roles: ['developer'] });
    await ctx.adminOk('POST', '/api/v1/user', {
      username: 'dev2fa',
      pwd: 'dev2fa-console-pass-1',
      role: 'developer',
      email: 'dev2fa@studio.example',
    });
    const page = await newPage('en-US');
    await page.goto('/login');
    await page.getByPlaceholder(/User name/).fill('dev2fa');
    await page.getByPlaceholder(/Password/).fill('dev2fa-console-pass-1');
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    await page.getByTestId('totp-qr').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await page.getByTestId('two-factor-code').fill(generateSync({ secret }));
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    const recovery = (await codes.locator('li').allInnerTexts()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await page.getByRole('button', { name: 'I saved them; open the console' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.context().close();

    // Next time: the password, then asked for the code; a recovery code opens the console.
    const again = await newPage('zh-CN');
    await again.goto('/login');
    await again.getByPlaceholder(/用户名/).fill('dev2fa');
    await again.getByPlaceholder(/密码/).fill('dev2fa-console-pass-1');
    await again.locator('[data-testid=login-form] button[type=submit]').click();
    await again.getByTestId('two-factor-code').fill('0000-0000');
    await again.locator('[data-testid=login-form] button[type=submit]').click();
    await expect
      .poll(() => again.getByTestId('two-factor-step').getByRole('alert').innerText())
      .toBe('验证码或恢复码错误');
    await again.getByTestId('two-factor-code').fill(recovery[0]);
    await again.locator('[data-testid=login-form] button[type=submit]').click();
    await again.waitForURL((u) => !u.pathname.startsWith('/login'));
    await again.context().close();
  });

  it('two-factor screens: a user sets it up from the account menu; an admin requires it for a role and resets a user', async () => {
    const user = await ctx.adminOk('POST', '/api/v1/user', {
      username: 'ops2fa',
      pwd: 'ops2fa-console-pass-1',
      role: 'operation',
      email: 'ops2fa@studio.example',
    });
    // The user's own dialog: off, set up (a wrong code refused in place), on with 10 recovery codes.
    const page = await newPage('en-US');
    await signIn(page, 'ops2fa', 'ops2fa-console-pass-1');
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: 'Two-step sign-in' }).click();
    const dialog = page.getByTestId('two-factor-dialog');
    await expect.poll(() => dialog.getByTestId('two-factor-state').innerText()).toContain('Two-step sign-in is off');
    await dialog.getByTestId('two-factor-start').click();
    const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
    const right = generateSync({ secret });
    await dialog.getByTestId('two-factor-setup-code').fill(right === '000000' ? '111111' : '000000');
    await dialog.getByTestId('two-factor-confirm').click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('The code or recovery code is wrong');
    await dialog.getByTestId('two-factor-setup-code').fill(right);
    await dialog.getByTestId('two-factor-confirm').click();
    await expect.poll(() => dialog.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByTestId('recovery-codes-done').click();
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: 'Two-step sign-in' }).click();
    await expect
      .poll(() => page.getByTestId('two-factor-state').innerText())
      .toBe('Two-step sign-in is on. Recovery codes left: 10.');
    await page.context().close();

    // The admin: the roles screen requires it for "operation" (confirmed), the users screen resets ops2fa.
    const admin = await newPage('en-US');
    await signIn(admin, 'admin', ADMIN_PASSWORD);
    const roles = (await ctx.adminOk('GET', '/api/v1/role?roleName=operation')).datas as {
      id: number;
      roleName: string;
    }[];
    const operation = roles.find((r) => r.roleName === 'operation')!;
    await admin.goto(pathTo('systemRoleManage'));
    const roleRow = admin.locator(`.ant-table-row[data-row-key="${operation.id}"]`);
    await roleRow.getByTestId('row-action-requireTwoFactor').click();
    await expect.poll(() => admin.getByTestId('confirm-ok').innerText()).toContain('Require it for');
    await admin.getByTestId('confirm-ok').click();
    await expect.poll(() => roleRow.innerText()).toContain('Required');
    expect((await ctx.adminOk('GET', '/api/v1/two-factor/roles')).roles).toContain('operation');
    await admin.goto(pathTo('systemUserList'));
    const userRow = admin.locator(`.ant-table-row[data-row-key="${user.id}"]`);
    await userRow.getByTestId('row-action-resetTwoFactor').click();
    await expect.poll(() => admin.getByRole('dialog').innerText()).toContain('ops2fa');
    await admin.getByTestId('confirm-ok').click();
    await admin.locator('.ant-message').getByText('Done').waitFor();
    await admin.context().close();

    // Reset, and the role now requires it: the next sign-in sets a new authenticator up.
    const again = await newPage('en-US');
    await again.goto('/login');
    await again.getByPlaceholder(/User name/).fill('ops2fa');
    await again.getByPlaceholder(/Password/).fill('ops2fa-console-pass-1');
    await again.locator('[data-testid=login-form] button[type=submit]').click();
    await again.getByTestId('totp-qr').waitFor();
    expect((await again.getByTestId('totp-secret').innerText()).trim()).not.toBe(secret);
    await again.context().close();
  });
});
