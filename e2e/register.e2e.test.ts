import { describe, expect, inject, it } from 'vitest';
import { adminToken, call, menuTexts, newPage, see, signIn, unique, useBrowser } from './helpers';

const browser = useBrowser();

/** The newest captcha mailed to `mail`, read from the dev outbox as admin. */
async function captchaFor(mail: string): Promise<string> {
  const token = await adminToken();
  for (let i = 0; i < 40; i++) {
    const res = await call<{ list: { body: string }[] }>(
      'GET',
      `/api/v1/devtool/mail-outbox?to=${encodeURIComponent(mail)}`,
      token,
    );
    const code = res.data?.list?.[0]?.body.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no captcha mailed to ${mail}`);
}

describe('registration', () => {
  it('checks the fields with the spec rules before sending anything', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/register');
    let registerCalled = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/register')) registerCalled = true;
    });
    await page.getByLabel('邮箱').fill('not-a-mail');
    await page.getByLabel('手机号').fill('2345');
    await page.locator('[data-testid=register-form] button[type=submit]').click();
    await see(page, '邮箱格式不正确');
    await see(page, '手机号格式不正确');
    await see(page, '请输入密码');
    await see(page, '请输入验证码');
    expect(registerCalled).toBe(false);
    await context.close();
  });

  it('register → pending result → approval with a role → sign in', async () => {
    const mail = `${unique('reg')}@example.com`;
    const password = 'Register-pass-1';
    const { page, context } = await newPage(browser());
    await page.goto('/register');
    await page.getByLabel('邮箱').fill(mail);
    await page.getByLabel('密码').fill(password);
    await page.getByLabel('手机号').fill('13800138000');

    const send = page.getByTestId('send-captcha');
    await send.click();
    await expect.poll(() => send.innerText()).toMatch(/^(60|59) 秒后重试$/);
    expect(await send.isDisabled()).toBe(true);

    await page.getByLabel('验证码').fill(await captchaFor(mail));
    await page.locator('[data-testid=register-form] button[type=submit]').click();
    await page.waitForURL('**/register/result');
    await page.getByTestId('registration-pending').waitFor();
    await see(page, '您的注册申请正在等待管理员审批');
    // The pending session cannot open the console.
    await page.goto('/dashboard/console');
    await page.waitForURL('**/register/result');

    // An admin approves it on the approval screen, choosing a role.
    const admin = await newPage(browser());
    await signIn(admin.page, 'admin', inject('adminPassword'));
    await admin.page.goto('/system/allow');
    const row = admin.page.locator('tr', { hasText: mail });
    await row.getByTestId('row-action-approve').click();
    await admin.page.getByTestId('approve-form').waitFor();
    await admin.page.locator('[data-testid=approve-form] .ant-select').click();
    await admin.page.locator('.ant-select-item-option', { hasText: 'operation' }).click();
    await admin.page.locator('.ant-modal-footer .ant-btn-primary').click();
    // Who gets which role, stated before it is granted.
    const approval = admin.page.locator('.ant-modal-confirm', {
      hasText: `通过“${mail}”的注册，授予角色“operation”？`,
    });
    await approval.locator('.ant-modal-confirm-btns .ant-btn-primary', { hasText: '以“operation”通过' }).click();
    await expect.poll(() => admin.page.locator('tr', { hasText: mail }).count()).toBe(0);
    await admin.context.close();

    // Approval ends the pending session: refreshing sends the applicant to sign in afresh,
    // now with the mail address and a real console.
    await page.getByRole('button', { name: '刷新状态' }).click();
    await page.waitForURL('**/login**');
    await page.getByPlaceholder('用户名').fill(mail);
    await page.getByPlaceholder('密码').fill(password);
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    await page.waitForURL('**/dashboard/console');
    // Approved as operation: the role's menu.
    expect(await menuTexts(page)).toContain('注册审批');
    expect(new URL(page.url()).pathname).toBe('/dashboard/console');
    await context.close();
  });

  it('a rejected registration shows the reason', async () => {
    const mail = `${unique('rej')}@example.com`;
    const { page, context } = await newPage(browser());
    await page.goto('/register');
    await page.getByLabel('邮箱').fill(mail);
    await page.getByLabel('密码').fill('Register-pass-2');
    await page.getByLabel('手机号').fill('13900139000');
    await page.getByTestId('send-captcha').click();
    await page.getByLabel('验证码').fill(await captchaFor(mail));
    await page.locator('[data-testid=register-form] button[type=submit]').click();
    await page.getByTestId('registration-pending').waitFor();

    const token = await adminToken();
    const list = await call<{ list: { id: number; email: string }[] }>(
      'GET',
      '/api/v1/registrations?status=pending&pageSize=100',
      token,
    );
    const id = list.data.list.find((r) => r.email === mail)!.id;
    expect((await call('POST', `/api/v1/registrations/${id}/reject`, token, { reason: 'unknown team' })).code).toBe(
      200,
    );

    await page.reload();
    await page.getByTestId('registration-rejected').waitFor();
    await see(page, '原因：unknown team');
    await context.close();
  });
});
