import { describe, expect, inject, it } from 'vitest';
import { menuTexts, newAdminPage, newPage, see, signIn, useBrowser } from './helpers';

const browser = useBrowser();

describe('language', () => {
  it('starts in Chinese, switches to English everywhere, and keeps it after a reload', async () => {
    const { page, context } = await newPage(browser(), 'de-DE');
    await page.goto('/login');
    await see(page, '登录 Rookery');
    await page.getByTestId('language-switch').click();
    await see(page, 'Sign in to Rookery');
    expect(await page.evaluate(() => localStorage.getItem('i18n-locale'))).toBe('en-US');

    // The server speaks the same language: its message comes back in English.
    await page.getByPlaceholder('User name').fill('admin');
    await page.getByPlaceholder('Password').fill('wrong-password');
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').innerText()).toContain('Login failed: Wrong user name or password');

    await signIn(page, 'admin', inject('adminPassword'));
    const texts = await menuTexts(page);
    expect(texts).toEqual(expect.arrayContaining(['Home', 'Console', 'System', 'Staff users', 'Roles']));
    await expect.poll(() => page.title()).toBe('Console - Rookery');

    await page.reload();
    await see(page, 'Welcome, Administrator');
    await page.getByTestId('language-switch').click();
    await see(page, '欢迎，Administrator');
    await expect.poll(() => page.title()).toBe('控制台 - Rookery');
    await context.close();
  });

  it('follows a supported browser language when nothing is saved', async () => {
    const { page, context } = await newPage(browser(), 'en-GB');
    await page.goto('/login');
    await see(page, 'Sign in to Rookery');
    await context.close();
  });

  it('switching to English after a screen added its own texts still loads the console texts', async () => {
    const { page, context } = await newAdminPage(browser());
    // The mail screens merge their own zh-CN and en-US texts when they load.
    await page.goto('/email/list');
    await page.getByTestId('search-form').waitFor();
    await page.getByTestId('language-switch').click();
    await see(page, 'Personal mail');
    expect(await menuTexts(page)).toEqual(expect.arrayContaining(['Home', 'Console', 'System', 'Staff users']));
    await context.close();
  });
});
