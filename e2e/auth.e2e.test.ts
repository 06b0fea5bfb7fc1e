import { describe, expect, inject, it } from 'vitest';
import { baseUrl, newAdminPage, newPage, openSignOut, see, useBrowser } from './helpers';

const browser = useBrowser();

describe('sign-in and sign-out', () => {
  it('sends a signed-out visitor to login and back to the original full path after sign-in', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/system/role-manage?roleName=admin');
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/role-manage?roleName=admin');

    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill(inject('adminPassword'));
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    await page.waitForURL('**/system/role-manage?roleName=admin');
    await expect.poll(() => page.title()).toBe('角色管理 - Rookery');

    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect(cookies['admin-token']?.value).toBeTruthy();
    expect(cookies['admin-token']?.sameSite).toBe('Strict');
    expect(cookies.role?.value).toBe('miniRole');
    expect(cookies.uuid?.value).toBeTruthy();
    await context.close();
  });

  it('lands on the dashboard console without a redirect target', async () => {
    const { page, context } = await newAdminPage(browser());
    expect(new URL(page.url()).pathname).toBe('/dashboard/console');
    await see(page, '欢迎，Administrator');
    await context.close();
  });

  it('says login failed with the server reason on a wrong password', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/login');
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('definitely-wrong');
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('登录失败: 用户名或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('validates the login form on the client before calling the server', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/login');
    let called = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/login')) called = true;
    });
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    await see(page, '请输入用户名');
    await see(page, '请输入密码');
    expect(called).toBe(false);
    await context.close();
  });

  it('signs out after a confirmation, clears the credentials and guards the console again', async () => {
    const { page, context } = await newAdminPage(browser());
    await openSignOut(page);
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await page.waitForURL('**/login');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('admin-token');
    expect(names).not.toContain('uuid');
    expect(names).not.toContain('role');
    await page.goto('/dashboard/console');
    await page.waitForURL('**/login?redirect=%2Fdashboard%2Fconsole');
    await context.close();
  });

  it('a dead session (401) sends the user to login', async () => {
    const { page, context } = await newAdminPage(browser());
    await context.addCookies([{ name: 'admin-token', value: 'not-a-session', url: baseUrl(), sameSite: 'Strict' }]);
    await page.reload();
    await page.waitForURL('**/login**');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('admin-token');
    await context.close();
  });
});
