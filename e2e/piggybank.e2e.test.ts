import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, deletedAfterAll, fieldOf, gameData, iapItem, unique, useAdminPage } from './helpers';

/**
 * Piggy banks through the screens (issue 43 item 2, en-US): a bank made on its page, filled by the
 * game's events through the game API up to its cap, its fill seen in the game's view and on the
 * player page's tab, where an operator empties it (confirmed) and the game sees it at once.
 */
const page = useAdminPage('en-US');
beforeAll(() => page().setDefaultTimeout(45_000));
const made = deletedAfterAll();

const editPage = () =>
  page()
    .locator('.ant-card:visible')
    .filter({ has: page().getByTestId('resource-save') });
const row = (key: string) => page().locator(`.ant-table-row[data-row-key="${key}"]`);

describe('piggy banks', () => {
  it('a bank made in the console fills from game events to its cap, shown to the game and on the player page', async () => {
    const id = unique('pb').replace(/[^A-Za-z0-9]/g, '');
    const token = await adminToken();
    // The IAP item that breaks it.
    const title = `Piggy ${id}`;
    await iapItem(token, made, id, title);

    // The bank, on its page: one rule (the blank form's row), cap 25, the item picked by its title.
    await page().goto('/purchase/product/piggyBank');
    await page().getByTestId('resource-create').click({ timeout: 60_000 });
    await page().waitForURL('**/purchase/piggyBankAdd');
    await fieldOf(page(), 'piggyBank-name').fill(id);
    await fieldOf(page(), 'piggyBank-titleZh').fill('小猪');
    await fieldOf(page(), 'piggyBank-titleEn').fill('Piggy');
    await fieldOf(page(), 'piggy-rule-event').fill(`win_${id}`);
    await fieldOf(page(), 'piggyBank-cap').fill('25');
    await editPage().getByTestId('piggy-item').click();
    await page().keyboard.type(title);
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: title }).first().click();
    await editPage().getByTestId('resource-save').click();
    made.push(`/api/v1/resources/piggyBank/${id}`);
    await row(id).waitFor({ timeout: 60_000 });
    // Its edit page is at piggyBankEdit/<name>.
    await row(id).getByTestId('row-action-edit').click();
    await page().waitForURL(`**/purchase/piggyBankEdit/${id}`);
    await expect.poll(() => fieldOf(page(), 'piggyBank-cap').inputValue()).toBe('25');

    // A player's game reports three wins (10 each): the bank stops at 25.
    const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
      deviceId: unique('pb-device-'),
      deviceModel: 'iPhone15,2',
      os: 'ios',
      appVersion: '1.3.0',
      language: 'en-US',
      country: 'US',
    });
    const win = { name: `win_${id}` };
    await gameData('POST', `/api/game/v1/players/${userId}/events`, { events: [win, win, win] });
    const view = await gameData<{ banks: { name: string; fill: number; cap: number; full: boolean }[] }>(
      'GET',
      `/api/game/v1/players/${userId}/piggy-bank`,
    );
    expect(view.banks.find((b) => b.name === id)).toMatchObject({ fill: 25, cap: 25, full: true });

    // The player page's tab shows the fill; emptying it asks once, and the game sees 0 at once.
    // The open tab is part of the player page's address: with a dozen tabs this one sits behind the
    // tab bar's "…" on a laptop, and a link still opens it.
    await page().goto(`/user/detail?userId=${userId}&tab=piggyBank`);
    await expect
      .poll(() => page().locator('[role=tab][id$="-tab-piggyBank"]').getAttribute('aria-selected'))
      .toBe('true');
    const fill = page().getByTestId(`piggy-fill-${id}`);
    await expect.poll(() => fill.textContent(), { timeout: 30_000 }).toBe('25 / 25');
    await row(id).getByTestId('row-action-reset').click();
    const dialog = page().locator('.ant-modal-confirm:visible, .ant-modal:visible').last();
    await dialog.getByRole('button', { name: `Empty piggy bank ${id}` }).click();
    await expect.poll(() => fill.textContent(), { timeout: 30_000 }).toBe('0 / 25');
    const after = await gameData<{ banks: { name: string; fill: number }[] }>(
      'GET',
      `/api/game/v1/players/${userId}/piggy-bank`,
    );
    expect(after.banks.find((b) => b.name === id)?.fill).toBe(0);
    // Choosing another tab writes it to the address, and a reload keeps it.
    await page().locator('[role=tab][id$="-tab-chests"]').click();
    await page().waitForURL(/[?&]tab=chests/);
    await page().reload();
    await expect.poll(() => page().locator('[role=tab][id$="-tab-chests"]').getAttribute('aria-selected')).toBe('true');
  });
});
