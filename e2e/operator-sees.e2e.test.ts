import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callGame, newAdminPage, unique, useBrowser } from './helpers';
import { frameFindings, settle } from './walk';

// Issue 41 "What an operator sees": what the walk alone does not catch.
const browser = useBrowser();

/** Text nodes of the page whose text is exactly `text` and that are shown. */
const shownTimes = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let count = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (n.textContent?.trim() !== wanted || !el) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden') count += 1;
    }
    return count;
  }, text);

describe('what an operator sees', () => {
  it.each([
    ['zh-CN', '请选择类型'],
    ['en-US', 'Choose a kind'],
  ])('a reward row with no kind chosen asks for one once (%s)', async (locale, message) => {
    const { page, context } = await newAdminPage(browser(), locale);
    try {
      await page.goto('/email/rewardtmpllist');
      await page.getByTestId('create-template').click();
      await page.waitForURL('**/email/rewardtmpledit');
      await page.getByTestId('template-name').fill(unique('NoKind'));
      // A new template opens with one empty reward row (one is added if it does not).
      const rows = page.getByTestId('reward-kind');
      if (!(await rows.count())) await page.getByTestId('rewards-reward').getByRole('button').last().click();
      await expect.poll(() => rows.count()).toBe(1);
      await page.locator('[data-testid=template-form] button[type=submit]').click();
      await page.getByText(message).first().waitFor();
      await settle(page);
      expect(await shownTimes(page, message)).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('keeps the client log message readable on a 390 px phone, the table scrolling, not the page', async () => {
    const tag = unique('e2ephone');
    await callGame('POST', '/api/game/v1/logs', {
      entries: [
        {
          message: `Texture atlas ${tag} failed to load on the shop scene: ${'the bundle was not found on the device, '.repeat(6)}`,
          type: 'error',
          userId: 4343,
          appVersion: '3.1.0-beta.12+build.20261128',
          os: 'android 14 (Pixel 8 Pro)',
        },
      ],
    });
    const { page, context } = await newAdminPage(browser());
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/log/client-log?q=${tag}`);
      const cell = page.getByTestId('log-list-client').locator('tbody tr.ant-table-row td', { hasText: tag });
      await cell.first().waitFor();
      await settle(page);
      const width = await cell.first().evaluate((td) => td.getBoundingClientRect().width);
      // Readable (a useful minimum) and cut at its declared 420 px, not as wide as the longest message.
      expect(width).toBeGreaterThanOrEqual(200);
      expect(width).toBeLessThanOrEqual(440);
      const text = cell.first().locator('.ant-typography, span, div').first();
      expect(await text.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(150);
      // The table scrolls in its own box; the page stays the viewport's width.
      const box = page.getByTestId('log-list-client').locator('.ant-table-content').first();
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await frameFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['ranges 1', 'a list key and its position'],
    ['startedAt', 'a camelCase key'],
    ['第 1 个区间 · updatedAt', 'a key under a named item'],
    ['detail.endAt', 'a dotted path'],
    ['rewards · 2', 'a position alone'],
  ])('the walk finds a raw field path in a change table: %s (%s)', async (label) => {
    const { page, context } = await newAdminPage(browser());
    try {
      await page.goto('/');
      await settle(page);
      expect(await frameFindings(page)).toEqual([]);
      await page.evaluate((text) => {
        const table = document.createElement('div');
        table.dataset.testid = 'audit-diff';
        table.innerHTML = '<table><tbody class="ant-table-tbody"><tr><td></td><td>修改</td></tr></tbody></table>';
        table.querySelector('td')!.textContent = text;
        document.querySelector('main')!.append(table);
      }, label);
      expect(await frameFindings(page)).toContain(`raw field path "${label}" in a change table`);
    } finally {
      await context.close();
    }
  });

  it('the walk lets a change table in words pass', async () => {
    const { page, context } = await newAdminPage(browser());
    try {
      await page.goto('/');
      await settle(page);
      await page.evaluate(() => {
        const table = document.createElement('div');
        table.dataset.testid = 'audit-diff';
        table.innerHTML =
          '<table><tbody class="ant-table-tbody"><tr><td>第 2 个区间 · 开始时间</td></tr><tr><td>Range 2 · Start</td></tr><tr><td>标题 · 中文（中国） (zh-CN)</td></tr></tbody></table>';
        document.querySelector('main')!.append(table);
      });
      expect(await frameFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['zh-CN', '请求地址出错'],
    ['en-US', 'Request address error'],
  ])('the walk finds "%s" said on a page (%s)', async (locale, text) => {
    const { page, context } = await newAdminPage(browser(), locale);
    try {
      await page.goto('/');
      await settle(page);
      expect(await frameFindings(page)).toEqual([]);
      await page.evaluate((said) => {
        const notice = document.createElement('div');
        notice.textContent = `${said}: /api/v1/resources/experiment/gone`;
        document.querySelector('main')!.append(notice);
      }, text);
      expect(await frameFindings(page)).toContain(`says "${text}"`);
    } finally {
      await context.close();
    }
  });
});
