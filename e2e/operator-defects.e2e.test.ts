import { describe, expect, it } from 'vitest';
import { adminToken, call, callGame, unique, useAdminPage } from './helpers';

/**
 * What a new operator met on the built screens (issue 27), each kept fixed by a test that walks
 * the operator's steps: a bad input is said on its field in the operator's language, never zod's
 * English defaults and never a silent no-op; a name clash is a name clash.
 */
const page = useAdminPage();
const zodEnglish = /Invalid input|expected (string|number)|received undefined|Too (small|big)/;

/** The form's field messages, as the operator reads them. */
const fieldErrors = (formTestId: string) =>
  page().getByTestId(formTestId).locator('.ant-form-item-explain-error').allInnerTexts();

describe('bad input is said on its field', () => {
  for (const bad of ['abc', '12.5', '-3', '１２３'])
    it(`freeze with the user ID "${bad}" says why on the field and opens no confirmation`, async () => {
      await page().goto('/game-user/froze');
      const form = page().getByTestId('freeze-form');
      await form.getByLabel('玩家 ID').fill(bad);
      await form.getByLabel('原因').fill('e2e');
      await page().getByTestId('freeze-form-submit').click();
      await expect.poll(() => fieldErrors('freeze-form')).toContainEqual(expect.stringMatching(/玩家 ID/));
      const errors = (await fieldErrors('freeze-form')).join('\n');
      expect(errors).not.toMatch(zodEnglish);
      expect(await page().getByTestId('consequence').filter({ visible: true }).count()).toBe(0);
    });

  it('a mail template with an empty title and content says so once per field, in Chinese, and the words leave when filled', async () => {
    await page().goto('/email/tmpedit');
    const form = page().getByTestId('template-form');
    await page().getByTestId('template-name').fill(unique('tpl-'));
    await form.locator('button[type=submit]').click();
    await expect
      .poll(async () => (await form.locator('.ant-form-item-explain-error').allInnerTexts()).length)
      .toBeGreaterThan(0);
    const errors = await form.locator('.ant-form-item-explain-error').allInnerTexts();
    expect(errors.join('\n')).not.toMatch(zodEnglish);
    // One message per field.
    const perField = await form
      .locator('.ant-form-item-has-error')
      .evaluateAll((items) => items.map((i) => i.querySelectorAll('.ant-form-item-explain-error').length));
    expect(perField.every((n) => n === 1)).toBe(true);
    // Filled, each field's message leaves at once, before any save.
    await page().getByTestId('title-zh-CN').locator('input').fill('你好');
    await page().getByTestId('content-zh-CN').locator('textarea').fill('欢迎回来');
    await page().getByTestId('title-en-US').locator('input').fill('Hello');
    await page().getByTestId('content-en-US').locator('textarea').fill('Welcome back');
    await expect.poll(() => form.locator('.ant-form-item-explain-error').count()).toBe(0);
  });

  it('a mail template saved under a name already used says the name exists, not a concurrent edit', async () => {
    const name = unique('tpl-');
    const token = await adminToken();
    const created = await call('POST', '/api/v1/email/template', token, {
      theTable: 'mail',
      name,
      title: { 'zh-CN': '标题', 'en-US': 'Title' },
      content: { 'zh-CN': '内容', 'en-US': 'Content' },
    });
    expect(created.code).toBe(200);
    const again = await call('POST', '/api/v1/email/template', token, {
      theTable: 'mail',
      name,
      title: { 'zh-CN': '标题', 'en-US': 'Title' },
      content: { 'zh-CN': '内容', 'en-US': 'Content' },
    });
    expect(again.code).not.toBe(200);
    expect(again.msg).not.toMatch(/数据已被修改|刷新后重试/);
    expect(JSON.stringify(again.errors ?? [])).toMatch(/name/);
  });
});

describe('what an operator reads is words, never codes', () => {
  it("the system log's detail of a freeze names the status, the fields and the time in words", async () => {
    const token = await adminToken();
    const login = await callGame('POST', '/api/game/v1/players/login', {
      deviceId: unique('defect-device-'),
      socialId: unique('defect-'),
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.3.0',
      language: 'zh-CN',
      country: 'CN',
    });
    const userId = login.body.data.userId as number;
    const until = '2031-02-03T04:05:06.000Z';
    const frozen = await call('POST', '/api/v1/game-users/freeze', token, {
      userIds: [userId],
      reason: 'e2e words',
      until,
    });
    expect(frozen.code).toBe(200);

    await page().goto('/system/log');
    const searchForm = page().getByTestId('search-form');
    await searchForm.getByLabel('对象').fill(`player:${userId}`);
    await searchForm.locator('button[type=submit]').click();
    const row = page().locator('.ant-table-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: /^详\s?情$/ }).click();
    const changes = page().locator('.ant-drawer-body').getByTestId('audit-diff');
    await changes.waitFor();
    const text = await changes.innerText();
    expect(text).toContain('冻结');
    expect(text).not.toMatch(/\bfrozen\b|frozenReason|detail\.until|\bnormal\b/);
    // Times in local time (with the UTC line), never an ISO string.
    expect(text).toMatch(/2031-02-03 \d\d:05/);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
  });
});
