import { describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  call,
  createStaffUser,
  menuTexts,
  newAdminPage,
  newPage,
  see,
  signIn,
  unique,
  useBrowser,
} from './helpers';

const browser = useBrowser();

/** What each built-in role must and must not find in the menu (built screens only). */
const expectations: Record<string, { sees: string[]; misses: string[] }> = {
  operation: { sees: ['首页', '控制台', '系统', '注册审批'], misses: ['用户管理', '角色管理', '系统日志'] },
  developer: { sees: ['控制台', '注册审批'], misses: ['用户管理', '角色管理', '系统日志'] },
  tester: { sees: ['控制台', '注册审批'], misses: ['用户管理', '角色管理', '系统日志'] },
  service: { sees: ['首页', '控制台'], misses: ['系统', '用户管理', '注册审批', '系统日志'] },
  serviceManager: { sees: ['首页', '控制台'], misses: ['系统', '用户管理', '注册审批', '系统日志'] },
};

describe('menu and page access by role', () => {
  it('admin sees every built entry', async () => {
    const { page, context } = await newAdminPage(browser());
    const texts = await menuTexts(page);
    expect(texts).toEqual(
      expect.arrayContaining(['首页', '控制台', '系统', '用户管理', '角色管理', '注册审批', '系统日志']),
    );
    // Routes hidden from the menu stay out of it even for admin.
    expect(texts).not.toContain('编辑用户');
    expect(texts).not.toContain('编辑角色');
    await context.close();
  });

  for (const [role, { sees, misses }] of Object.entries(expectations)) {
    it(`${role} sees only what the role may open`, async () => {
      const user = await createStaffUser(role);
      const { page, context } = await newPage(browser());
      await signIn(page, user.username, user.password);
      const texts = await menuTexts(page);
      expect(texts).toEqual(expect.arrayContaining(sees));
      for (const hidden of misses) expect(texts, `${role} must not see ${hidden}`).not.toContain(hidden);
      await context.close();
    });
  }

  it('a tester gets the 403 page on the staff user list and its back-home button works', async () => {
    const user = await createStaffUser('tester');
    const { page, context } = await newPage(browser());
    await signIn(page, user.username, user.password);
    let listCalled = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/user?') || r.url().endsWith('/api/v1/user')) listCalled = true;
    });
    await page.goto('/system/userlist');
    await page.waitForURL('**/403');
    await see(page, '抱歉，您无权访问此页面');
    expect(listCalled).toBe(false);
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/dashboard/console');
    // A page the tester may open still opens.
    await page.goto('/system/allow');
    await see(page, '注册审批');
    expect(new URL(page.url()).pathname).toBe('/system/allow');
    await context.close();
  });

  it('shows 404 for an unknown path and the 500 page at /500', async () => {
    const { page, context } = await newAdminPage(browser());
    await page.goto('/no/such/page');
    await see(page, '抱歉，您访问的页面不存在');
    await expect.poll(() => page.title()).toBe('页面不存在 - Rookery');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/dashboard/console');
    await page.goto('/500');
    await see(page, '抱歉，服务器出错了');
    await context.close();
  });

  it('a group path forwards to its default child', async () => {
    const { page, context } = await newAdminPage(browser());
    await page.goto('/system');
    await page.waitForURL('**/system/userlist');
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/console');
    await context.close();
  });

  it('a custom role outside the named roles loses the header entries its access does not pass', async () => {
    const roleName = unique('custom');
    expect((await call('POST', '/api/v1/role', await adminToken(), { roleName, content: ['userQuery'] })).code).toBe(
      200,
    );
    const user = await createStaffUser(roleName);
    const { page, context } = await newPage(browser());
    await signIn(page, user.username, user.password);
    await page.getByTestId('user-menu').hover();
    await see(page, '我的主页');
    expect(await page.getByText('修改密码').count()).toBe(0);
    await page.goto('/password/modify');
    await page.waitForURL('**/403');
    await context.close();
  });

  it('the dashboard shows pending registrations, linked to approval, only to those who may approve', async () => {
    const token = await adminToken();
    const mail = `${unique('pend')}@example.com`;
    expect((await call('POST', '/api/v1/captcha', undefined, { mail })).code).toBe(200);
    const outbox = await call<{ list: { body: string }[] }>(
      'GET',
      `/api/v1/devtool/mail-outbox?to=${encodeURIComponent(mail)}`,
      token,
    );
    const captcha = outbox.data.list[0].body.match(/\b\d{6}\b/)![0];
    const registered = await call('POST', '/api/register', undefined, {
      mail,
      password: 'Pending-pass-1',
      mobile: '13600136000',
      captcha,
    });
    expect(registered.code).toBe(200);

    const admin = await newPage(browser());
    await signIn(admin.page, 'admin', inject('adminPassword'));
    await admin.page.getByRole('link', { name: '注册审批' }).click();
    await admin.page.waitForURL('**/system/allow');
    await admin.context.close();

    const service = await createStaffUser('service');
    const { page, context } = await newPage(browser());
    await signIn(page, service.username, service.password);
    // Registrations are not the service role's to read: no card, no link.
    await page.getByTestId('card-online').waitFor();
    expect(await page.getByText('待审批注册').count()).toBe(0);
    expect(await page.getByRole('link', { name: '注册审批' }).count()).toBe(0);
    await context.close();
  });
});
