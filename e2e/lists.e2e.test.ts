import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, deletedAfterAll, unique, useAdminPage } from './helpers';

/**
 * The kit's declared list options on the screens that use them first (zh-CN): the constants'
 * type filter and name sort in the address (surviving a reload) and their CSV export; the
 * maintenance windows' state filter, "end now" as a row action and as a bulk action, each with
 * its confirmation (cancel changes nothing, read back through the API); and at 390 px a row's
 * actions in reach, by keyboard too.
 */
const page = useAdminPage();

// The machine the suite shares may be busy: each step gets longer than the default to settle.
beforeAll(() => page().setDefaultTimeout(45_000));

const made = deletedAfterAll();

const row = (key: string) => page().locator(`.ant-table-row[data-row-key="${key}"]`);
const rowKeys = () =>
  page()
    .locator('.ant-table-tbody .ant-table-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
const confirmDialog = () => page().locator('.ant-modal-confirm:visible');
/** The list's screen has loaded (its chunk comes on first visit, slow on a busy machine). */
const searchForm = async () => {
  await page().getByTestId('search-form').getByLabel('搜索').waitFor({ timeout: 60_000 });
  return page().getByTestId('search-form');
};

async function choose(testId: string, option: string) {
  await page().getByTestId(testId).click();
  await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function save(path: string, body: Record<string, unknown>, key: string) {
  const token = await adminToken();
  const res = await call('POST', path, token, body);
  expect(res.code, res.msg).toBe(200);
  made.push(`${path}/${key}`);
}

describe('a kit list that filters, sorts, exports and acts', () => {
  it('keeps the constants filtered by type and sorted by name in the address, and exports that list', async () => {
    const prefix = unique('qaList');
    const constants = [
      { name: `${prefix}A`, type: 'number', value: 1 },
      { name: `${prefix}B`, type: 'string', value: 'b' },
      { name: `${prefix}C`, type: 'number', value: 3 },
      { name: `${prefix}D`, type: 'number', value: 4 },
    ];
    for (const c of constants) await save('/api/v1/resources/constant', c, c.name);

    await page().goto('/setting/constant');
    await (await searchForm()).getByLabel('搜索').fill(prefix);
    await choose('filter-filter_type', '数字');
    await page().getByTestId('search-form').getByRole('button', { name: '查 询' }).click();
    await expect.poll(rowKeys).toEqual([`${prefix}A`, `${prefix}C`, `${prefix}D`]);
    // Name, ascending then descending.
    const nameHeader = page().getByRole('columnheader', { name: '名称' });
    await nameHeader.click();
    await page().waitForURL(/order=asc/);
    await nameHeader.click();
    await page().waitForURL(/order=desc/);
    await expect.poll(rowKeys).toEqual([`${prefix}D`, `${prefix}C`, `${prefix}A`]);
    const address = new URL(page().url());
    expect(address.searchParams.get('type')).toBe('number');
    expect(address.searchParams.get('sort')).toBe('name');
    expect(address.searchParams.get('order')).toBe('desc');

    await page().reload();
    await searchForm();
    await expect.poll(rowKeys).toEqual([`${prefix}D`, `${prefix}C`, `${prefix}A`]);
    await page().getByTestId('filter-filter_type').getByText('数字').waitFor();

    const [download] = await Promise.all([page().waitForEvent('download'), page().getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^constant-\d{4}-\d\d-\d\d\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('名称,类型,值,说明,生效时间（UTC）,失效时间（UTC）,版本,更新人,更新时间（UTC）');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      `${prefix}D,数字,4`,
      `${prefix}C,数字,3`,
      `${prefix}A,数字,1`,
    ]);
    expect(lines[1].split(',')[8]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('ends maintenance windows now, one from its row and several at once, each after its confirmation', async () => {
    const token = await adminToken();
    const prefix = unique('qaEnd');
    // Versions nobody logs in with: these windows close the game for no other test.
    const window = (name: string, start: number, end: number) => ({
      name,
      startAt: new Date(start).toISOString(),
      endAt: new Date(end).toISOString(),
      'zh-CN': '测试维护',
      'en-US': 'Test maintenance',
      platforms: ['ios'],
      minVersion: '9.9.90',
      maxVersion: '9.9.99',
    });
    const now = Date.now();
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${prefix}${x}`);
    await save('/api/v1/resources/maintenanceWindow', window(a, now - 3_600_000, now + 3_600_000), a);
    await save('/api/v1/resources/maintenanceWindow', window(b, now - 3_600_000, now + 7_200_000), b);
    await save('/api/v1/resources/maintenanceWindow', window(c, now + 3_600_000, now + 7_200_000), c);
    const endOf = async (key: string) =>
      (await call('GET', `/api/v1/resources/maintenanceWindow/${key}`, token)).data.endAt as string;
    const planned = await endOf(a);

    await page().goto('/setting/maintenance');
    await (await searchForm()).getByLabel('搜索').fill(prefix);
    await choose('filter-filter_state', '生效中');
    await page().getByTestId('search-form').getByRole('button', { name: '查 询' }).click();
    await expect.poll(rowKeys).toEqual([a, b]);
    expect(new URL(page().url()).searchParams.get('w.state')).toBe('active');
    await row(a).getByTestId('computed-state').getByText('维护中').waitFor();

    // Cancel sends nothing.
    await row(a).getByTestId('row-action-endNow').click();
    await confirmDialog().locator('.ant-modal-confirm-title', { hasText: '立即结束：1 个维护窗口？' }).waitFor();
    await confirmDialog().getByTestId('confirm-cancel').click();
    await expect.poll(() => confirmDialog().count()).toBe(0);
    expect(await endOf(a)).toBe(planned);

    await row(a).getByTestId('row-action-endNow').click();
    await confirmDialog().getByText('结束时间改为现在', { exact: false }).first().waitFor();
    await confirmDialog().getByTestId('confirm-ok').click();
    // Ended, it leaves the list of active windows.
    await expect.poll(rowKeys).toEqual([b]);
    expect(Date.parse(await endOf(a))).toBeLessThanOrEqual(Date.now());

    // Bulk: the running one ends, the one to come stays as it is.
    await page().getByTestId('search-form').getByRole('button', { name: '重 置' }).click();
    await page().getByTestId('search-form').getByLabel('搜索').fill(prefix);
    await page().getByTestId('search-form').getByRole('button', { name: '查 询' }).click();
    await expect.poll(rowKeys).toEqual([a, b, c]);
    await row(b).locator('.ant-checkbox-input').check();
    await row(c).locator('.ant-checkbox-input').check();
    const plannedC = await endOf(c);
    await page().getByTestId('batch-action-endNow').click();
    await confirmDialog().locator('.ant-modal-confirm-title', { hasText: '立即结束：2 个维护窗口？' }).waitFor();
    await confirmDialog().getByTestId('confirm-ok').click();
    await page().getByText('立即结束：1 个已更改，1 个未变').first().waitFor();
    expect(Date.parse(await endOf(b))).toBeLessThanOrEqual(Date.now());
    expect(await endOf(c)).toBe(plannedC);
    await row(b).getByTestId('computed-state').getByText('已结束').waitFor();
    await row(c).getByTestId('computed-state').getByText('未开始').waitFor();
  });

  it('keeps a row’s actions in reach at 390 px, by keyboard too', async () => {
    const p = page();
    await p.setViewportSize({ width: 390, height: 844 });
    try {
      await p.goto('/setting/maintenance');
      const button = p.locator('.ant-table-row').first().getByTestId('row-actions');
      await button.waitFor({ timeout: 60_000 });
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await button.focus();
      await p.keyboard.press('Enter');
      const menu = p.locator('.ant-dropdown:visible');
      await menu.getByTestId('row-action-endNow').waitFor();
      await menu.getByText('编辑').waitFor();
      await p.keyboard.press('Escape');
    } finally {
      await p.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
