import { beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { fieldOf, gameData, saveAndPublish, see, unique, useAdminPage } from './helpers';

/**
 * Remote config in the console (issue 11): a field with a per-country value published through
 * the confirmation, "Test on a player" on two players, the game's config fetch, an edit, and a
 * restore from history that the game fetch follows. The console speaks zh-CN here.
 */
const page = useAdminPage();

const login = (country: string) =>
  gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('e2e-config-device'),
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.2.0',
    language: 'zh-CN',
    country,
  });

/** What the game receives for one player. */
const fetched = async (userId: number) =>
  (await gameData<{ values: Record<string, unknown>; version: string }>('GET', `/api/game/v1/players/${userId}/config`))
    .values;

/** The list's row of one item (not a row of a diff that names it). */
const row = (name: string) => page().locator(`.ant-table-row[data-row-key="${name}"]`);

/** Save the open form and publish it in the confirmation, which shows the change (Ant Design spaces two-character button texts). */
const publish = (expectInDiff: string[]) =>
  saveAndPublish(page(), { title: /^发布/, button: ['发 布', '发布'] }, expectInDiff);

/** "Test on a player": the value shown for the field, and the source tag's text. */
async function testOnPlayer(userId: number, field: string) {
  const panel = page().getByTestId('config-test');
  await fieldOf(panel, 'config-test-user').fill(String(userId));
  await panel.getByTestId('config-test-run').click();
  const line = panel.locator(`.ant-table-row[data-row-key="${field}"]`);
  await panel.getByTestId('config-test-attributes').waitFor();
  await line.waitFor();
  return {
    value: (await line.getByTestId('config-test-value').innerText()).trim(),
    source: (await line.locator('[data-testid^=config-test-source-]').innerText()).trim(),
    kind: await line.locator('[data-testid^=config-test-source-]').getAttribute('data-testid'),
  };
}

let cn: number;
let us: number;
beforeAll(async () => {
  cn = (await login('CN')).userId;
  us = (await login('US')).userId;
});

describe('remote config in the console', () => {
  const name = unique('welcomeBanner');
  beforeEach(() => {
    // The screen as it was when a step failed, for whoever reads the failure.
    onTestFailed(async ({ task }) => {
      await page().screenshot({ path: `/tmp/config-e2e-${task.name.slice(0, 20).replace(/\W+/g, '-')}.png` });
    });
  });

  it('creates a field with a per-country value and publishes it only through the confirmation', async () => {
    const p = page();
    await p.goto('/setting/config/list');
    await p.getByTestId('resource-create').click();
    await p.waitForURL(/\/setting\/config\/edit/);
    await fieldOf(p, 'config-name').fill(name);
    await fieldOf(p, 'config-default').fill('A');
    // Enter in a field of a publishing form sends nothing: no confirmation opens.
    await fieldOf(p, 'config-default').press('Enter');
    await p.waitForTimeout(300);
    expect(await p.locator('.ant-modal-confirm:visible').count()).toBe(0);

    await p.getByTestId('config-values-add').click();
    const value = p.getByTestId('conditional-value').first();
    await fieldOf(value, 'conditional-value-label').fill('中国玩家');
    await value.getByTestId('condition-add').click();
    await value.getByTestId('condition-attr').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '国家/地区' }).click();
    await value.getByTestId('condition-value').click();
    await p.keyboard.type('CN');
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(CN)' }).first().click();
    await fieldOf(value, 'conditional-value-value').fill('B');
    await fieldOf(value, 'conditional-value-value').press('Enter');
    await p.waitForTimeout(300);
    expect(await p.locator('.ant-modal-confirm:visible').count()).toBe(0);

    await publish([name, 'A']);
    await p.waitForURL((url) => url.pathname === '/setting/config/list');
    await row(name).waitFor();
    // The list: the type's label, the default as a value, one conditional value.
    await row(name).getByText('字符串', { exact: true }).waitFor();

    expect((await fetched(cn))[name]).toBe('B');
    expect((await fetched(us))[name]).toBe('A');
  });

  it('"Test on a player" shows each player\'s value and why', async () => {
    const p = page();
    await p.getByTestId('config-test-open').click();
    // Not a number: said so, nothing asked.
    await fieldOf(p.getByTestId('config-test'), 'config-test-user').fill('abc');
    await p.getByTestId('config-test-run').click();
    await p.getByTestId('config-test-problem').getByText('玩家 ID 只能是数字').waitFor();

    const first = await testOnPlayer(cn, name);
    expect(first).toMatchObject({ value: 'B', kind: 'config-test-source-global' });
    expect(first.source).toBe('全局配置 · 值 1“中国玩家”');
    const second = await testOnPlayer(us, name);
    expect(second).toMatchObject({ value: 'A', kind: 'config-test-source-default', source: '默认值' });

    // An unknown player: a clear message, no table.
    await fieldOf(p.getByTestId('config-test'), 'config-test-user').fill('987654321987');
    await p.getByTestId('config-test-run').click();
    await p.getByTestId('config-test-problem').waitFor();
    expect(await p.getByTestId('config-test-fields').count()).toBe(0);
    await p.locator('.ant-modal-close:visible').click();
  });

  it('edits the value, restores the first version from history, and the game fetch follows', async () => {
    const p = page();
    await row(name).getByTestId('row-action-edit').click();
    await p.waitForURL(/\/setting\/config\/edit\?key=/);
    const value = p.getByTestId('conditional-value').first();
    await fieldOf(value, 'conditional-value-value').fill('C');
    await fieldOf(p, 'version-comment').fill('C for China');
    await publish(['B', 'C']);
    await p.waitForURL((url) => url.pathname === '/setting/config/list');
    expect((await fetched(cn))[name]).toBe('C');

    await row(name).getByTestId('row-action-history').click();
    const history = p.getByTestId('resource-history');
    await history.getByText('C for China').waitFor();
    await history.getByTestId('restore-1').click();
    const confirm = p.locator('.ant-modal-confirm:visible');
    await confirm.getByRole('button', { name: '恢复为版本 3' }).click();
    await see(p, '已恢复为版本 3');
    await expect.poll(async () => (await fetched(cn))[name]).toBe('B');
    expect((await fetched(us))[name]).toBe('A');
  });

  it('shows a field error on the conditional value it belongs to, and nothing is sent', async () => {
    const p = page();
    await p.goto('/setting/config/edit');
    await fieldOf(p, 'config-name').fill(unique('maxLives'));
    await p.getByTestId('config-type').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '数字' }).click();
    await fieldOf(p, 'config-default').fill('5');
    await p.getByTestId('config-values-add').click();
    await p.getByTestId('config-values-add').click();
    const second = p.getByTestId('conditional-value').nth(1);
    await fieldOf(second, 'conditional-value-value').clear();
    await p.getByTestId('resource-save').click();
    // values.1.value is required: the message sits in the second value's card, not elsewhere.
    await second.locator('.ant-form-item-explain-error').first().waitFor();
    expect(await p.getByTestId('conditional-value').first().locator('.ant-form-item-explain-error').count()).toBe(0);
    expect(await p.locator('.ant-modal-confirm:visible').count()).toBe(0);
  });

  it("a conditional value's label pasted past its cap stays whole; the counter and the field say so", async () => {
    const p = page();
    await p.goto('/setting/config/edit');
    await p.getByTestId('config-values-add').click();
    const value = p.getByTestId('conditional-value').first();
    const label = fieldOf(value, 'conditional-value-label');
    await label.fill('标'.repeat(101));
    // Not cut at the schema's 100: the counter and the message say it, in the operator's language.
    expect((await label.inputValue()).length).toBe(101);
    await value.getByText('101 / 100').waitFor();
    await p.getByTestId('resource-save').click();
    await value.getByText('最多 100 个字符').waitFor();
    expect(await p.locator('.ant-modal-confirm:visible').count()).toBe(0);
    await label.fill('标'.repeat(100));
    await expect.poll(() => value.getByText('最多 100 个字符').count()).toBe(0);
  });

  it('asks before a change of type replaces typed values; cancel keeps the type and the values', async () => {
    const p = page();
    await p.goto('/setting/config/edit');
    await fieldOf(p, 'config-name').fill(unique('banner'));
    await fieldOf(p, 'config-default').fill('Hello');
    const chooseType = async (label: string) => {
      await p.getByTestId('config-type').click();
      await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
    };
    await chooseType('布尔');
    const dialog = p.locator('.ant-modal-confirm:visible');
    await dialog.getByTestId('consequence').waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('默认值');
    expect(text).toContain('Hello');
    await dialog.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await p.getByTestId('config-type').innerText()).toContain('字符串');
    expect(await fieldOf(p, 'config-default').inputValue()).toBe('Hello');

    await chooseType('布尔');
    await dialog.getByTestId('confirm-ok').click();
    await p.locator('[data-testid=config-default][role=switch]').waitFor();
  });

  it('pins a value for one player with a tester override, shown in the test and on the player page', async () => {
    const p = page();
    const override = unique('qa');
    await p.goto('/setting/config/list?tab=overrides');
    await p.getByTestId('resource-create').click();
    const drawer = p.locator('.ant-drawer:visible');
    await fieldOf(drawer, 'override-name').fill(override);
    await drawer.getByTestId('override-field').click();
    await p.keyboard.type(name);
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
    await fieldOf(drawer, 'override-value').fill('Q');
    await fieldOf(drawer, 'override-users').fill(String(us));
    await fieldOf(drawer, 'override-users').press('Enter');
    await fieldOf(drawer, 'override-end').click();
    await fieldOf(drawer, 'override-end').fill('2099-01-01 00:00:00');
    await p.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await drawer.getByTestId('override-end-utc').waitFor();
    await publish([override, 'Q']);
    await row(override).getByTestId('override-active').waitFor();
    expect((await fetched(us))[name]).toBe('Q');
    expect((await fetched(cn))[name]).toBe('B');

    await p.getByRole('tab', { name: '配置项' }).click();
    await p.getByTestId('config-test-open').click();
    const pinned = await testOnPlayer(us, name);
    expect(pinned).toMatchObject({ value: 'Q', kind: 'config-test-source-override', source: `测试覆盖“${override}”` });
    await p.locator('.ant-modal-close:visible').click();

    await p.goto(`/user/detail?userId=${us}`);
    await p.getByRole('tab', { name: '配置覆盖' }).click();
    const tab = p.getByTestId('player-config-overrides');
    await tab.locator(`.ant-table-row[data-row-key="${override}"]`).getByTestId('override-active').waitFor();
  });

  it('holds at 390 px: no sideways scroll on the list and the edit page', async () => {
    const p = page();
    await p.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of ['/setting/config/list', `/setting/config/edit?key=${name}`]) {
        await p.goto(path);
        await p.locator('.ant-table-row, [data-testid=config-form]').first().waitFor();
        // The page's content (the shell's header is the shell's): nothing in it reaches past the
        // window's edge, so the page does not scroll sideways (wide tables scroll inside themselves).
        const content = await p.evaluate(() => {
          const main = document.querySelector('main.ant-layout-content') as HTMLElement;
          const wide = [...main.querySelectorAll('*')]
            .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.ant-table-content, .ant-table-body'))
            .slice(0, 6)
            .map(
              (e) => `${e.tagName}.${String(e.className).slice(0, 50)} ${Math.round(e.getBoundingClientRect().right)}`,
            );
          return { right: main.getBoundingClientRect().right, wide };
        });
        expect(content.wide, path).toEqual([]);
        expect(content.right, path).toBeLessThanOrEqual(390);
      }
    } finally {
      await p.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
