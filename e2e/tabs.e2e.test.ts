import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callGame, newAdminPage, unique, useBrowser } from './helpers';

const browser = useBrowser();

const tabTitles = (page: Page) =>
  page.locator('[data-testid=tab-bar] .ant-tabs-nav-list [data-testid=tab-title]').allInnerTexts();
const activeTab = (page: Page) =>
  page.locator('[data-testid=tab-bar] .ant-tabs-tab-active [data-testid=tab-title]').innerText();
const path = (page: Page) => new URL(page.url()).pathname;

async function openFromMenu(page: Page, item: string, group = '系统') {
  const menu = page.getByTestId('nav-menu');
  const submenu = menu.locator(':scope > .ant-menu-submenu', { hasText: group });
  // Judge by the open state, not visibility: a group still folding away looks visible.
  if (!(await submenu.getAttribute('class'))?.includes('ant-menu-submenu-open'))
    await submenu.locator('.ant-menu-submenu-title').click();
  await expect.poll(() => submenu.getAttribute('class')).toContain('ant-menu-submenu-open');
  await submenu.locator('.ant-menu-item', { hasText: item }).click();
  await expect.poll(() => activeTab(page)).toBe(item);
}

async function tabAction(page: Page, action: string) {
  await page.getByTestId('tab-actions').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: action }).click();
}

async function closeTab(page: Page, title: string) {
  await page.locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: title }).locator('.ant-tabs-tab-remove').click();
}

describe('tab bar', () => {
  it('opens, switches, updates, closes and restores tabs by the spec rules', async () => {
    const { page, context } = await newAdminPage(browser());
    await expect.poll(() => tabTitles(page)).toEqual(['控制台']);

    for (const item of ['用户管理', '角色管理', '注册审批', '系统日志']) await openFromMenu(page, item);
    expect(await tabTitles(page)).toEqual(['控制台', '用户管理', '角色管理', '注册审批', '系统日志']);

    // Opening an open page updates its tab rather than adding another.
    await openFromMenu(page, '用户管理');
    expect(await tabTitles(page)).toHaveLength(5);
    await page.goto('/system/useredit?id=1');
    await expect.poll(() => activeTab(page)).toBe('编辑用户');
    await page.getByTestId('staff-user-form').waitFor();
    await page.locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: '控制台' }).click();
    await page.waitForURL('**/dashboard/console');
    // The same page without a record creates one: its one tab says so (issue 41 item 9).
    await page.goto('/system/useredit');
    await expect.poll(() => activeTab(page)).toBe('新建用户');
    expect((await tabTitles(page)).filter((t) => t === '编辑用户' || t === '新建用户')).toHaveLength(1);

    // Switching by clicking a tab opens its page.
    await page.locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: '角色管理' }).click();
    await page.waitForURL('**/system/role-manage');

    // Closing the current tab goes to the next neighbour...
    await closeTab(page, '角色管理');
    await page.waitForURL('**/system/allow');
    expect(await tabTitles(page)).toEqual(['控制台', '用户管理', '注册审批', '系统日志', '新建用户']);
    // ...or to the previous one when it was the last.
    await page.locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: '新建用户' }).click();
    await page.waitForURL('**/system/useredit');
    await closeTab(page, '新建用户');
    await page.waitForURL('**/system/log');
    // Closing a tab that is not current stays put.
    await closeTab(page, '用户管理');
    expect(path(page)).toBe('/system/log');
    expect(await tabTitles(page)).toEqual(['控制台', '注册审批', '系统日志']);

    // The index tab cannot be closed.
    expect(
      await page
        .locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: '控制台' })
        .locator('.ant-tabs-tab-remove')
        .count(),
    ).toBe(0);

    // Tabs survive a reload (saved per user).
    await page.reload();
    // A reload under load can take seconds: wait for the frame before polling its tabs.
    await page.locator('[data-testid=tab-bar] [data-testid=tab-title]').first().waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '注册审批', '系统日志']);
    expect(await activeTab(page)).toBe('系统日志');

    // Refresh remounts the page: what was typed into it is gone.
    await page.getByTestId('search-form').getByLabel('操作人').fill('someone');
    await tabAction(page, '刷新');
    await expect.poll(() => page.getByTestId('search-form').getByLabel('操作人').inputValue()).toBe('');

    // Close left keeps index and the pivot onwards.
    await openFromMenu(page, '角色管理');
    await page.locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: '系统日志' }).click();
    await page.waitForURL('**/system/log');
    await tabAction(page, '关闭左侧');
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '系统日志', '角色管理']);
    // Close right.
    await tabAction(page, '关闭右侧');
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '系统日志']);
    // Close others.
    await openFromMenu(page, '用户管理');
    await openFromMenu(page, '注册审批');
    await tabAction(page, '关闭其他');
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '注册审批']);
    expect(path(page)).toBe('/system/allow');
    // Close all lands on index.
    await openFromMenu(page, '用户管理');
    await tabAction(page, '全部关闭');
    await page.waitForURL('**/dashboard/console');
    await expect.poll(() => tabTitles(page)).toEqual(['控制台']);
    await context.close();
  });

  it('drops restored tabs the user may no longer open', async () => {
    const { page, context } = await newAdminPage(browser());
    const username = 'admin';
    // Let the console save its own tabs first, so the planted list is the last word.
    const key = `rookery-tabs:${username}`;
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toContain('/dashboard/console');
    await page.evaluate((key) => {
      localStorage.setItem(
        key,
        JSON.stringify([
          { fullPath: '/dashboard/console' },
          { fullPath: '/system/role-manage' },
          { fullPath: '/no/such/page' },
          { fullPath: '/refresh' },
        ]),
      );
    }, `rookery-tabs:${username}`);
    await page.reload();
    // A reload under load can take seconds: wait for the frame before polling its tabs.
    await page.locator('[data-testid=tab-bar] [data-testid=tab-title]').first().waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', '角色管理']);
    await context.close();
  });

  it('keeps a cached page alive while its tab is open, and only that page', async () => {
    const { page, context } = await newAdminPage(browser());
    const visibleSearch = () => page.getByTestId('search-form').filter({ visible: true }).locator('input').first();
    const switchTo = async (title: string) => {
      await page.locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: title }).click();
      await expect.poll(() => activeTab(page)).toBe(title);
    };

    // The personal mail list is declared `cache: true` in the route table.
    await page.goto('/email/list');
    await visibleSearch().fill('kept alive');
    // In-app navigation from here on: a page load would drop every page's state anyway.
    await openFromMenu(page, '系统日志');
    await page.getByTestId('search-form').filter({ visible: true }).getByLabel('操作人').fill('not kept');

    await switchTo('控制台');
    await switchTo('个人邮件');
    expect(await visibleSearch().inputValue()).toBe('kept alive');
    await switchTo('系统日志');
    expect(await page.getByTestId('search-form').filter({ visible: true }).getByLabel('操作人').inputValue()).toBe('');

    // Closing the tab lets the page go: reopened, it starts afresh.
    await closeTab(page, '个人邮件');
    await openFromMenu(page, '个人邮件', '邮件');
    expect(await visibleSearch().inputValue()).toBe('');
    await context.close();
  });

  it('opens a tab per player detail, titled with the player, and highlights the list a hidden page belongs to', async () => {
    const players: number[] = [];
    for (let i = 0; i < 2; i++) {
      const socialId = unique('e2e-tabs-');
      const res = await callGame('POST', '/api/game/v1/players/login', {
        deviceId: `${socialId}-device`,
        socialId,
        deviceModel: 'Pixel 8',
        os: 'android',
        appVersion: '1.3.0',
        language: 'zh-CN',
        country: 'CN',
      });
      expect(res.status).toBe(200);
      players.push(res.body.data.userId as number);
    }
    const [first, second] = players;
    const { page, context } = await newAdminPage(browser());
    const selectedMenuItem = () =>
      page.getByTestId('nav-menu').locator('.ant-menu-item-selected').filter({ visible: true }).innerText();

    await page.goto(`/user/detail?userId=${first}`);
    await page.getByTestId('player-detail').waitFor();
    await expect.poll(() => activeTab(page)).toBe(`玩家 ${first}`);
    // A focused tab's position is announced in the console's language, not antd's "Tab 1 of 6".
    await page.getByTestId('player-detail').getByRole('tab').first().focus();
    await expect
      .poll(() => page.getByTestId('player-detail').locator('[aria-live=polite]').first().innerText())
      .toMatch(/^第 1 个标签页，共 \d+ 个$/);
    // The detail page is not in the menu: the player search it belongs to is highlighted.
    await expect.poll(selectedMenuItem).toBe('玩家查询');

    await page.goto(`/user/detail?userId=${second}`);
    await expect.poll(() => activeTab(page)).toBe(`玩家 ${second}`);
    // The browser's title names the player too (the route's record title).
    await expect.poll(() => page.title()).toBe(`玩家 ${second} - Rookery`);
    expect(await tabTitles(page)).toEqual(['控制台', `玩家 ${first}`, `玩家 ${second}`]);
    // The same player again (another query beside the user ID) is the same tab.
    await page.goto(`/user/detail?userId=${first}&from=search`);
    await expect.poll(() => activeTab(page)).toBe(`玩家 ${first}`);
    expect(await tabTitles(page)).toHaveLength(3);

    // Switching tabs switches players.
    await page.locator('[data-testid=tab-bar] .ant-tabs-tab', { hasText: `玩家 ${second}` }).click();
    await page.waitForURL(`**/user/detail?userId=${second}`);
    await expect.poll(() => page.getByTestId('player-detail').innerText()).toContain(String(second));
    // Closing the current one goes to its neighbour, the other player.
    await closeTab(page, `玩家 ${second}`);
    await page.waitForURL(`**/user/detail?userId=${first}*`);
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', `玩家 ${first}`]);
    await expect.poll(() => page.getByTestId('player-detail').innerText()).toContain(String(first));

    // Saved and restored with their records.
    await page.reload();
    // A reload under load can take seconds: wait for the frame before polling its tabs.
    await page.locator('[data-testid=tab-bar] [data-testid=tab-title]').first().waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['控制台', `玩家 ${first}`]);

    // An edit page highlights its list, the mail edit page the list of its scope.
    await page.goto('/system/useredit?id=1');
    await expect.poll(selectedMenuItem).toBe('用户管理');
    await page.goto('/email/listedit?mailScope=global');
    await expect.poll(selectedMenuItem).toBe('全服邮件');
    await context.close();
  });

  it('sends a signed-in user away from the login page: home, or the redirect it was given', async () => {
    const { page, context } = await newAdminPage(browser());
    await page.goto('/login');
    await page.waitForURL('**/dashboard/console');
    await page.goto('/login?redirect=%2Fsystem%2Flog');
    await page.waitForURL('**/system/log');
    // A redirect leaving the console is not followed.
    await page.goto('/login?redirect=%2F%2Fevil.example');
    await page.waitForURL('**/dashboard/console');
    expect(await page.getByTestId('login-form').count()).toBe(0);
    await context.close();
  });
});
