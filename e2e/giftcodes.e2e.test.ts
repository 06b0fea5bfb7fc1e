import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { chooseOption, fieldOf, gameData, pickTime, see, unique, useAdminPage } from './helpers';
import { frameFindings, settle } from './walk';

// The admin's page, signed in once for the file (helpers' `useAdminPage`).
const adminPage = useAdminPage('en-US');
let page: Page;
beforeAll(() => {
  page = adminPage();
});

const login = () =>
  gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('e2e-giftcode-device'),
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.5.0',
    language: 'en-US',
    country: 'US',
  });

const redeem = (userId: number, code: string) =>
  gameData<{ status: string; rewards: unknown[] }>('POST', `/api/game/v1/players/${userId}/gift-codes/redeem`, {
    code,
  });

/** Fill a date-time picker by its label and confirm in the picker (Enter would submit the form). */
const pickPageTime = (label: string, value: string) => pickTime(page, page, label, value);

/** The common part of the batch form: name, 10 gems, a window from 2020 to 2099. */
async function fillBatch(name: string) {
  await page.getByTestId('giftcode-name').fill(name);
  await page.getByRole('button', { name: 'Add reward' }).click();
  await chooseOption(page.getByTestId('reward-kind').first(), 'Gems');
  await fieldOf(page, 'reward-amount').fill('10');
  await pickPageTime('Starts', '2020-01-01 00:00:00');
  await pickPageTime('Ends', '2099-01-01 00:00:00');
}

/** Enter in the field `testId` sends nothing: no confirmation opens. */
async function pressEnterOpensNothing(testId: string) {
  await page.getByTestId(testId).press('Enter');
  await page.waitForTimeout(300);
  expect(await page.locator('.ant-modal:visible').count()).toBe(0);
}

const rowOf = (name: string) => page.locator('tr', { hasText: name });

describe('gift codes through the screens', () => {
  it('creates a shared and a unique batch, players redeem them through the game, the console shows counts and history', async () => {
    const sharedName = unique('Spring shared');
    const uniqueName = unique('Spring unique');
    const code = `SPRING${Date.now().toString(36).toUpperCase()}`;

    // A shared code, any case, limit 5.
    await page.goto('/giftcode/list');
    await page.getByTestId('giftcode-create').click();
    await page.waitForURL('**/giftcode/edit');
    await fillBatch(sharedName);
    await page.getByTestId('giftcode-code').fill(code.toLowerCase());
    await fieldOf(page, 'giftcode-limit').fill('5');
    // Enter in a field creates nothing; the button asks first and cancel sends nothing.
    await pressEnterOpensNothing('giftcode-name');
    await page.locator('[data-testid=giftcode-form] button[type=submit]').click();
    const confirmation = page.getByTestId('giftcode-confirmation');
    await confirmation.waitFor();
    const stated = await confirmation.innerText();
    expect(stated).toContain(`Shared code ${code}, 5 in all, 1 per player`);
    expect(stated).toContain('Gems ×10');
    expect(stated).toContain('UTC 2099-01-01');
    await page.getByTestId('confirm-cancel').click();
    await page.locator('[data-testid=giftcode-form] button[type=submit]').click();
    await page.getByRole('button', { name: 'Create batch' }).last().click();
    await page.waitForURL((url) => url.pathname === '/giftcode/list');
    await see(page, sharedName);

    // Three unique codes, written by a job.
    await page.getByTestId('giftcode-create').click();
    await page.waitForURL('**/giftcode/edit');
    await page.getByTestId('giftcode-kind').getByText('Unique codes').click();
    await fillBatch(uniqueName);
    await fieldOf(page, 'giftcode-count').fill('3');
    await page.locator('[data-testid=giftcode-form] button[type=submit]').click();
    await expect.poll(() => page.getByTestId('giftcode-confirmation').innerText()).toContain('3 unique codes');
    await page.getByRole('button', { name: 'Create batch' }).last().click();
    await page.waitForURL((url) => url.pathname === '/giftcode/list');
    await see(page, uniqueName);

    // Its codes, on its edit page.
    await rowOf(uniqueName).getByText('Edit').click();
    await page.waitForURL('**/giftcode/edit?id=*');
    const codes = page.getByTestId('giftcode-codes');
    await expect.poll(() => codes.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(3);
    const firstCode = (await codes.locator('tbody tr.ant-table-row').first().locator('td').first().innerText()).trim();
    expect(firstCode).toMatch(/^[2-9A-Z]{12}$/);

    // The game redeems both.
    const a = await login();
    const b = await login();
    expect((await redeem(a.userId, code.toLowerCase())).status).toBe('redeemed');
    expect((await redeem(b.userId, code)).status).toBe('redeemed');
    expect((await redeem(a.userId, firstCode)).status).toBe('redeemed');
    expect((await redeem(b.userId, firstCode)).status).toBe('alreadyUsed');

    // The list shows what was claimed and what remains.
    await page.goto('/giftcode/list');
    await see(page, sharedName);
    const sharedRow = await rowOf(sharedName).innerText();
    expect(sharedRow).toMatch(/\b5\s+2\s+3\b/);
    expect(await rowOf(uniqueName).innerText()).toMatch(/\b3\s+1\s+2\b/);
    // A unique batch's code cell and detail give its count of codes (not "-"), the detail their export;
    // the detail's labels are names, not form hints, and nothing chosen reads "all" (issue 41 item 9).
    expect(await rowOf(uniqueName).innerText()).toContain('3 unique codes');
    await rowOf(uniqueName).getByRole('button', { name: 'Detail', exact: true }).click();
    const drawer = page.locator('.ant-drawer-body:visible');
    await drawer.getByTestId('giftcode-detail-export').waitFor();
    const detail = await drawer.innerText();
    expect(detail).toContain('3 unique codes');
    expect(detail).not.toMatch(/none: all|Platforms \(/);
    expect(detail).toMatch(/Platforms\s+All platforms/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The redemption history by player, and the player's tab.
    await page.goto(`/giftcode/user/query?userId=${a.userId}`);
    await see(page, sharedName);
    await see(page, uniqueName);
    await see(page, firstCode);
    await page.goto(`/user/detail?userId=${a.userId}`);
    await page.getByRole('tab', { name: 'Gift codes' }).click();
    await see(page, uniqueName);
  });

  it('a dry run on the test screen says what would happen and grants nothing', async () => {
    const name = unique('Dry run');
    const code = `DRY${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/giftcode/edit');
    await fillBatch(name);
    await page.getByTestId('giftcode-code').fill(code);
    await fieldOf(page, 'giftcode-limit').fill('10');
    await page.locator('[data-testid=giftcode-form] button[type=submit]').click();
    await page.getByRole('button', { name: 'Create batch' }).last().click();
    await page.waitForURL((url) => url.pathname === '/giftcode/list');

    const p = await login();
    const gemsBefore = (await gameData('GET', `/api/game/v1/players/${p.userId}`)).state.resources.gem ?? 0;
    await page.goto('/giftcode/test');
    await page.getByTestId('giftcode-test-user').fill(String(p.userId));
    await page.getByTestId('giftcode-test-code').fill(code.toLowerCase());
    await page.getByTestId('giftcode-test-run').click();
    await expect.poll(() => page.getByTestId('giftcode-test-status').innerText()).toBe('Redeemed');
    expect(await page.getByTestId('giftcode-test-result').innerText()).toContain('Gems ×10');
    expect((await gameData('GET', `/api/game/v1/players/${p.userId}`)).state.resources.gem ?? 0).toBe(gemsBefore);
    // Nothing was used: the real redemption still succeeds, and the dry run then says why not.
    expect((await redeem(p.userId, code)).status).toBe('redeemed');
    await page.getByTestId('giftcode-test-run').click();
    await expect.poll(() => page.getByTestId('giftcode-test-status').innerText()).toBe('Already redeemed');
    expect(await page.getByTestId('giftcode-test-result').innerText()).toContain('You have already redeemed this gift');
  });

  it('the comeback mail with codes states the players and codes the server counts, and sends nothing on cancel', async () => {
    const name = unique('Comeback codes');
    await page.goto('/giftcode/edit');
    await page.getByTestId('giftcode-kind').getByText('Unique codes').click();
    await fillBatch(name);
    await fieldOf(page, 'giftcode-count').fill('2');
    await page.locator('[data-testid=giftcode-form] button[type=submit]').click();
    await page.getByRole('button', { name: 'Create batch' }).last().click();
    await page.waitForURL((url) => url.pathname === '/giftcode/list');

    await page.goto('/giftcode/sendcomebackemail');
    await chooseOption(page.getByTestId('comeback-batch'), name);
    await fieldOf(page, 'comeback-days').fill('30');
    await page.getByTestId('comeback-title-en-US').fill('Welcome back');
    // Without the placeholder the form says where the code goes.
    await page.getByTestId('comeback-content-en-US').fill('A gift for you');
    await pickPageTime('Mail expires at', '2099-01-01 00:00:00');
    await page.getByTestId('comeback-submit').click();
    await see(page, 'The content needs {code}');
    await page.getByTestId('comeback-content-en-US').fill('Your code: {code}');
    // Enter in a field sends nothing.
    await pressEnterOpensNothing('comeback-title-en-US');
    await page.getByTestId('comeback-submit').click();
    const confirmation = page.getByTestId('comeback-confirmation');
    await confirmation.waitFor();
    // Players here all signed in just now: nobody is away 30 days, so there is nothing to send.
    await expect.poll(() => confirmation.innerText()).toContain('holding no code of this batch: 0 now');
    expect(await confirmation.innerText()).toMatch(/Codes left to hand out\s+2/);
    expect(await page.getByTestId('confirm-ok').isDisabled()).toBe(true);
    await page.getByTestId('confirm-cancel').click();
  });

  it('the gift-code pages pass axe and the frame rules, on a phone too', async () => {
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        '/giftcode/list',
        '/giftcode/edit',
        '/giftcode/user/query',
        '/giftcode/test',
        '/giftcode/sendcomebackemail',
      ]) {
        await page.goto(path);
        await settle(page);
        for (const f of await axeFindings(page)) found.push(`${width} ${path} axe ${f.rule}: ${f.where.join('; ')}`);
        for (const f of await frameFindings(page)) found.push(`${width} ${path} ${f}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(found).toEqual([]);
  });
});
