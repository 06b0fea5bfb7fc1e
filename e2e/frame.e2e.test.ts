import { builtRoutes, flattenRoutes, isPermission, permissionTree } from '@rookery/contracts';
import { describe, expect, inject, it } from 'vitest';
import { gameData, newAdminPage, newPage, openSignOut, see, signIn, unique, useBrowser } from './helpers';

const browser = useBrowser();

describe('the frame on a phone', () => {
  it('puts the side menu in a drawer at 390 px and the page never scrolls sideways', async () => {
    const { page, context } = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, 'admin', inject('adminPassword'), '/login?redirect=%2Fsystem%2Flog');
    await page.locator('.ant-table-row').first().waitFor();
    // No fixed side menu takes the page's width; the header's menu button opens it as a drawer.
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.getByTestId('menu-button').click();
    const drawer = page.getByTestId('menu-drawer');
    await drawer.getByTestId('nav-menu').waitFor();
    expect(await drawer.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    // The drawer opens on the current page's area (系统, for the system log), so its entries are
    // shown without a click; clicking the area's title would fold it. Following an entry opens its
    // page and closes the drawer.
    await expect
      .poll(() => drawer.locator('.ant-menu-submenu-open > .ant-menu-submenu-title').allInnerTexts())
      .toEqual(['系统']);
    await drawer.locator('.ant-menu-item', { hasText: '角色管理' }).click();
    await page.waitForURL('**/system/role-manage');
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    // A wide table scrolls inside its own container.
    const table = page.locator('.ant-table-content, .ant-table-body').first();
    expect(await table.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);

    // Back on a desktop the side menu is fixed again.
    await page.setViewportSize({ width: 1400, height: 800 });
    await expect.poll(() => page.getByTestId('side-menu').count()).toBe(1);
    await context.close();
  });

  it("shows a player's title in full at 390 px (the actions go under it)", async () => {
    const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
      deviceId: unique('e2e-frame-device'),
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.2.0',
      language: 'zh-CN',
      country: 'CN',
    });
    const { page, context } = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(
      page,
      'admin',
      inject('adminPassword'),
      `/login?redirect=${encodeURIComponent(`/user/detail?userId=${userId}`)}`,
    );
    const title = page.getByTestId('player-title');
    await title.waitFor();
    expect(await title.innerText()).toBe(`玩家 ID ${userId}`);
    // Its whole text on one line, not squeezed to a few pixels.
    const fits = await title.evaluate((el) => {
      const head = el.closest('.ant-card-head-title') as HTMLElement;
      return head.scrollWidth <= head.clientWidth + 1 && head.getBoundingClientRect().width > 120;
    });
    expect(fits).toBe(true);
    await context.close();
  });

  it('signs in on a phone with the page font and no margins', async () => {
    const { page, context } = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/login');
    const heading = page.locator('h1');
    await heading.waitFor();
    const style = await heading.evaluate((el) => ({
      family: getComputedStyle(el).fontFamily,
      margin: getComputedStyle(document.body).margin,
    }));
    expect(style.margin).toBe('0px');
    expect(style.family).toContain('sans-serif');
    expect(style.family).not.toMatch(/^["']?Times/);
    await context.close();
  });
});

describe('motion', () => {
  /**
   * Open the sign-out confirmation and say whether its dialog zoomed in: whether it was ever in
   * antd's active appear step, the one that runs the animation. (Without motion the dialog still
   * passes a one-frame prepare step, which animates nothing.)
   */
  async function signOutDialogZooms(reducedMotion: 'reduce' | 'no-preference') {
    const { page, context } = await newAdminPage(browser(), 'zh-CN', reducedMotion);
    await page.evaluate(() => {
      const seen = { zoomed: false };
      (window as unknown as { motion: typeof seen }).motion = seen;
      const zooming = (el: Element) =>
        el.matches('.ant-modal.ant-zoom-appear-active') || el.querySelector('.ant-modal.ant-zoom-appear-active');
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of [change.target, ...change.addedNodes])
            if (node instanceof Element && zooming(node)) seen.zoomed = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await openSignOut(page);
    // Settled: no motion class left on the dialog (after its animation, when it had one).
    await page.locator('.ant-modal-confirm:not([class*=ant-zoom])').waitFor();
    const zoomed = await page.evaluate(() => (window as unknown as { motion: { zoomed: boolean } }).motion.zoomed);
    await context.close();
    return zoomed;
  }

  it("follows the system's reduced motion: a confirmation opens at once, and zooms in without it", async () => {
    expect(await signOutDialogZooms('reduce')).toBe(false);
    expect(await signOutDialogZooms('no-preference')).toBe(true);
  });
});

describe('the role tree', () => {
  it('searches, expands and collapses, selects a whole area, and offers only areas with screens', async () => {
    const { page, context } = await newPage(browser());
    await signIn(page, 'admin', inject('adminPassword'), '/login?redirect=%2Fsystem%2Frole-edit');
    const tree = page.getByTestId('permission-tree');
    await tree.locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
    const titles = () => tree.locator('.ant-tree-title').allInnerTexts();

    // Exactly the areas with a built screen are offered, in the catalogue's order: counted from
    // the route table here, independently of the tree's own filter.
    const built = new Set<string>(
      flattenRoutes(builtRoutes())
        .flatMap((r) => (Array.isArray(r.auth) ? r.auth : []))
        .filter(isPermission),
    );
    const catalogue = permissionTree('zh-CN');
    const offered = catalogue.filter((a) => a.children.some((p) => built.has(p.name))).map((a) => a.title);
    expect(offered).toContain('玩家');
    // Area nodes are the ones that fold (a permission's switcher is a no-op).
    const areaNodes = tree.locator('.ant-tree-treenode:not(:has(.ant-tree-switcher-noop)) .ant-tree-title');
    // An area's title line also holds its count ("0/11") and "全选": its name is the first line.
    await expect.poll(async () => (await areaNodes.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual(offered);

    await tree.getByTestId('permission-search').locator('input').fill('系统日志');
    await expect.poll(async () => (await titles()).filter((t) => t === '系统日志').length).toBe(1);
    expect((await titles()).some((t) => t.includes('查询玩家'))).toBe(false);
    await tree.getByTestId('permission-search').locator('input').fill('');

    await tree.getByTestId('permission-collapse').click();
    await expect.poll(async () => (await titles()).includes('系统日志')).toBe(false);
    await tree.getByTestId('permission-expand').click();
    await expect.poll(async () => (await titles()).includes('系统日志')).toBe(true);

    await tree.getByTestId('permission-all-mail').click();
    await expect
      .poll(() => tree.locator('.ant-tree-treenode-switcher-open .ant-tree-checkbox-checked').count())
      .toBeGreaterThan(0);
    await see(page, '全不选');
    await tree.getByTestId('permission-all-mail').click();
    await see(page, '全选');
    await context.close();
  });
});
