import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { chooseOption, see, unique, useAdminPage } from './helpers';
import { settle } from './walk';

// The admin's page, signed in once for the file (helpers' `useAdminPage`).
const adminPage = useAdminPage('en-US');
let page: Page;
beforeAll(() => {
  page = adminPage();
});

const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

/** Pick `option` in a select, typing it to search first. */
const choose = (select: Locator, option: string) => chooseOption(select, option, option);

describe('promotion records through the screen', () => {
  it('imports a CSV with a bad row (its message shown, the good rows imported on choice), filters, and charts', async () => {
    const media = unique('e2emedia').replace(/[^a-z0-9]/gi, '');
    const csv = [
      '\uFEFFdate,media_name,media_id,agency,account_id,account_name,country_code,spend,install,region_code',
      `${day(4)},E2E Media,${media},E2E Agency,acc-1,E2E account,US,10,1,`,
      `${day(3)},E2E Media,${media},E2E Agency,acc-1,E2E account,US,-5,2,`,
      `${day(3)},E2E Media,${media},E2E Agency,acc-1,E2E account,CN,20,2,440000`,
      `${day(2)},E2E Media,${media},E2E Agency,acc-1,E2E account,JP,30.5,3,`,
    ].join('\r\n');

    await page.goto('/promotion/records');
    await page.getByTestId('promotion-page').waitFor();
    await page.getByTestId('promotion-chart').waitFor();
    await page.getByTestId('promotion-import').click();
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'spend.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

    // The report: four rows, one bad, its row and message in the operator's language.
    const report = page.getByTestId('promotion-import-report');
    await report.waitFor();
    expect(await report.innerText()).toContain('spend.csv: 4 rows, 3 good, 1 with errors');
    const errors = page.getByTestId('promotion-import-errors');
    const errorRow = errors.locator('tr', { hasText: 'Spend cannot be negative' });
    await errorRow.waitFor();
    expect(await errorRow.innerText()).toMatch(/^3\s+Spend\s+Spend cannot be negative$/);
    expect(await page.getByTestId('promotion-import-all').count()).toBe(0);
    for (const f of await axeFindings(page)) expect.fail(`axe ${f.rule}: ${f.where.join('; ')}`);

    // Only the good rows, stated before: how many go in and how many are skipped.
    await page.getByTestId('promotion-import-good').click();
    await page.getByRole('button', { name: 'Import 3 rows, skip 1' }).click();
    await see(page, 'Imported: 3 new, 0 replaced');
    await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });

    // Filter by the medium: its three records, their totals, the chart.
    await choose(page.locator('.ant-form-item', { hasText: 'Media ID' }).locator('.ant-select').first(), media);
    await page.getByTestId('promotion-search').click();
    await page.waitForURL(new RegExp(`media_id=${media}`));
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    await see(page, '广东省');
    const totals = page.getByTestId('promotion-totals');
    await expect.poll(async () => totals.innerText()).toMatch(/Total spend\s+60\.5/);
    expect(await totals.innerText()).toMatch(/Total installs\s+6/);
    await expect.poll(() => page.getByTestId('promotion-chart').locator('canvas').count()).toBeGreaterThan(0);

    // Filter by a country: the Japanese record only.
    await choose(
      page.locator('.ant-form-item', { hasText: 'Country / region' }).locator('.ant-select').first(),
      'Japan',
    );
    await page.getByTestId('promotion-search').click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(async () => totals.innerText()).toMatch(/Total spend\s+30\.5/);
    // The pointer leaves the button it pressed (a hovered button is drawn lighter).
    await page.mouse.move(0, 0);
    await settle(page);
    for (const f of await axeFindings(page)) expect.fail(`axe ${f.rule}: ${f.where.join('; ')}`);
  });

  it('enters a record for a province of China through the form, with the region picker', async () => {
    const media = unique('e2eform').replace(/[^a-z0-9]/gi, '');
    await page.goto(`/promotion/records?media_id=${media}`);
    await page.getByTestId('promotion-new').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByLabel('Media name').fill('Form media');
    await dialog.getByLabel('Media ID').fill(media);
    await dialog.getByLabel('Agency').fill('Form agency');
    await dialog.getByLabel('Account ID').fill('form-1');
    await dialog.getByLabel('Account name').fill('Form account');
    const item = (label: string) => dialog.locator('.ant-form-item', { hasText: label }).locator('.ant-select').first();
    await choose(item('Country / region'), 'China (CN)');
    await choose(item('Province (China)'), '广东省');
    await dialog.getByLabel('Spend').fill('12.5');
    await dialog.getByLabel('Installs').fill('4');
    for (const f of await axeFindings(page)) expect.fail(`axe ${f.rule}: ${f.where.join('; ')}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: media });
    await row.waitFor();
    expect(await row.innerText()).toContain('广东省');
  });
});
