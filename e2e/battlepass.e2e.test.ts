import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  chooseOption,
  deletedAfterAll,
  fieldOf,
  gameData,
  iapItem,
  pickTime,
  unique,
  useAdminPage,
} from './helpers';

/**
 * The battle pass through the screens (issue 43, en-US): a season made on its page — two levels
 * with free and premium rewards, the premium product picked from the store, an XP source — seen
 * in the game's view; the game's events give XP up to the source's daily cap, a claim grants
 * once; the player page's tab shows the progress, and an operator's XP grant (through its
 * dialog) reaches the game at once.
 */
const page = useAdminPage('en-US');
beforeAll(() => page().setDefaultTimeout(45_000));
const made = deletedAfterAll();

describe('battle pass', () => {
  it('a season made on its page levels up from game events, is claimed once and shows on the player page', async () => {
    const id = unique('bp')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
    const token = await adminToken();
    const title = `Pass ${id}`;
    await iapItem(token, made, id, title, 9.99);

    await page().goto('/purchase/product/battlePass');
    await page().getByTestId('battle-pass-create').click({ timeout: 60_000 });
    await page().waitForURL('**/purchase/battlePassAdd');
    const form = page().getByTestId('battle-pass-form');
    await page().getByTestId('battle-pass-name').fill(`Season ${id}`);
    await page().getByTestId('battle-pass-key').fill(id);
    await pickTime(page(), page(), 'Starts', '2020-01-01 00:00:00');
    await pickTime(page(), page(), 'Ends', '2099-01-01 00:00:00');
    await page().getByTestId('battle-pass-premium').click();
    await page().keyboard.type(title);
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: title }).first().click();
    // Level 1 (0 XP): 5 gems free, 50 gems premium; level 2 (100 XP): 10 coins free.
    const levels = page().getByTestId('battle-pass-levels');
    const free1 = form.getByTestId('rewards-0-free');
    await free1.getByRole('button', { name: 'Add reward' }).click();
    await chooseOption(free1.getByTestId('reward-kind').first(), 'Gems');
    await fieldOf(free1, 'reward-amount').fill('5');
    const premium1 = form.getByTestId('rewards-0-premium');
    await premium1.getByRole('button', { name: 'Add reward' }).click();
    await chooseOption(premium1.getByTestId('reward-kind').first(), 'Gems');
    await fieldOf(premium1, 'reward-amount').fill('50');
    await levels.getByTestId('battle-pass-add-level').click();
    await levels
      .locator('input[data-testid=battle-pass-level-xp], [data-testid=battle-pass-level-xp] input')
      .nth(1)
      .fill('100');
    const free2 = form.getByTestId('rewards-1-free');
    await free2.getByRole('button', { name: 'Add reward' }).click();
    await chooseOption(free2.getByTestId('reward-kind').first(), 'Coins');
    await fieldOf(free2, 'reward-amount').fill('10');
    await page().getByTestId('battle-pass-add-source').click();
    const sources = page().getByTestId('battle-pass-sources');
    await fieldOf(sources, 'battle-pass-source-event').fill(`win_${id}`);
    await fieldOf(sources, 'battle-pass-source-xp').fill('60');
    await fieldOf(sources, 'battle-pass-source-cap').fill('120');
    await form.getByRole('button', { name: 'Save' }).click();
    // The one confirmation says the window, the levels and whom it reaches.
    const dialog = page().locator('.ant-modal:visible').last();
    await expect
      .poll(() => dialog.innerText())
      .toContain('2 levels, 100 XP for the last; 2 free rewards, 1 premium rewards');
    // …and the pass, the premium product, the XP sources and the season-end mail.
    const said = await dialog.innerText();
    expect(said).toContain(id);
    expect(said).toMatch(/IAP item #\d+/);
    expect(said).toContain(`win_${id}: 60 XP each, at most 120 a day`);
    expect(said).toMatch(/Unclaimed (free rewards are mailed|rewards are not mailed)/);
    await dialog.getByRole('button', { name: 'Create season' }).click();
    await page().waitForURL('**/purchase/product/battlePass');
    const row = page().locator('.ant-table-row', { hasText: `Season ${id}` });
    await expect.poll(() => row.innerText()).toContain('Running');
    // Its edit page (battlePassEdit/:id) opens from the row and shows what was stored.
    await row.getByTestId('row-action-edit').click();
    await page().waitForURL(/\/purchase\/battlePassEdit\/\d+$/);
    await expect.poll(() => page().getByTestId('battle-pass-name').inputValue()).toBe(`Season ${id}`);
    expect(await page().getByTestId('battle-pass-key').inputValue()).toBe(id);
    expect(
      await page()
        .locator('input[data-testid=battle-pass-level-xp], [data-testid=battle-pass-level-xp] input')
        .nth(1)
        .inputValue(),
    ).toBe('100');
    expect(await fieldOf(page().getByTestId('battle-pass-sources'), 'battle-pass-source-cap').inputValue()).toBe('120');
    // An edit's confirmation shows what changes, in the form's words; cancelling sends nothing.
    await page().getByTestId('battle-pass-name').fill(`Season ${id} renamed`);
    await form.getByRole('button', { name: 'Save' }).click();
    const edit = page().locator('.ant-modal:visible').last();
    const changed = edit.getByTestId('audit-diff').locator('tr', { hasText: 'Season name' });
    await changed.getByText(`Season ${id} renamed`).waitFor();
    // Only what changed: a stored season read back into the form is not a change.
    expect(await edit.getByTestId('audit-diff').locator('.ant-table-row').count()).toBe(1);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page().goto('/purchase/product/battlePass');

    // The game's view of a new player: level 1 reached, its free reward claimable.
    const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
      deviceId: unique('bp-device-'),
      deviceModel: 'iPhone15,2',
      os: 'ios',
      appVersion: '1.3.0',
      language: 'en-US',
      country: 'US',
    });
    const view = () =>
      gameData<{ xp: number; level: number; levels: { level: number; free: { claimable: boolean } }[] }>(
        'GET',
        `/api/game/v1/players/${userId}/battle-pass?pass=${id}`,
      );
    expect(await view()).toMatchObject({ xp: 0, level: 1 });
    // Three wins: 60 XP each, capped at 120 a day.
    const win = { name: `win_${id}` };
    await gameData('POST', `/api/game/v1/players/${userId}/events`, { events: [win, win, win] });
    expect(await view()).toMatchObject({ xp: 120, level: 2 });
    const claim = () =>
      gameData<{ duplicate: boolean; rewards: unknown[] }>('POST', `/api/game/v1/players/${userId}/battle-pass/claim`, {
        pass: id,
        level: 2,
        track: 'free',
      });
    expect(await claim()).toMatchObject({ duplicate: false, rewards: [{ kind: 'coin', amount: 10 }] });
    expect(await claim()).toMatchObject({ duplicate: true });

    // The player page's tab: XP, level and the claim; an operator grants 30 XP through its dialog.
    await page().goto(`/user/detail?userId=${userId}&tab=battlePass`);
    const tab = page().getByTestId('player-battle-pass');
    const seasonRow = tab.locator('.ant-table-row', { hasText: `Season ${id}` });
    await expect.poll(() => seasonRow.innerText()).toContain('120');
    expect(await seasonRow.innerText()).toContain('level 2 Free');
    await seasonRow.getByTestId('row-action-grant').click();
    const grant = page().locator('.ant-modal:visible').last();
    await expect.poll(() => grant.innerText()).toContain(`Grant player ${userId} XP in the season "Season ${id}"`);
    await fieldOf(grant, 'battle-pass-grant-xp').fill('30');
    await grant.getByRole('button', { name: 'Grant XP' }).click();
    await expect.poll(() => seasonRow.innerText()).toContain('150');
    expect((await view()).xp).toBe(150);
  });
});
