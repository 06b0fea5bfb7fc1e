import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callGame, newPage, see, signIn, unique, useBrowser } from './helpers';

const browser = useBrowser();
let page: Page;

// English screens: the test reads labels and buttons by their en-US text.
beforeAll(async () => {
  page = (await newPage(browser(), 'en-US')).page;
  await signIn(page, 'admin', inject('adminPassword'));
});

const game = callGame;

const login = (socialId: string) =>
  game('POST', '/api/game/v1/players/login', {
    deviceId: `${socialId}-device`,
    socialId,
    deviceModel: 'iPhone15,2',
    os: 'ios',
    appVersion: '1.3.0',
    language: 'en-US',
    country: 'US',
  });

/** A player who signed in and saved `gems` gems and `penguins` penguins. */
async function player(gems: number, penguins: number) {
  const socialId = unique('e2e-player-');
  const res = await login(socialId);
  const { userId, state, sessionEpoch } = res.body.data;
  const saved = { ...state, resources: { ...state.resources, gem: gems }, totalPenguins: penguins };
  const save = await game('PUT', `/api/game/v1/players/${userId}/save`, { saveCount: 1, state: saved, sessionEpoch });
  expect(save.status).toBe(200);
  return { userId: userId as number, socialId, state: saved };
}

const confirmModal = () => page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
/** The irreversible: type the number the confirmation shows, then confirm. */
const typeAndConfirm = async (typed: number) => {
  await page.getByTestId('type-to-confirm').last().fill(String(typed));
  await confirmModal();
};

describe('players through the screens', () => {
  it('search → detail → freeze → the game refuses the login → unfreeze → the game lets the player in', async () => {
    const p = await player(321, 7);

    await page.goto('/game-user/index');
    await page.getByLabel('Social ID').fill(p.socialId);
    await page.getByTestId('search-form').getByRole('button', { name: 'Search' }).click();
    await page
      .getByTestId('player-link')
      .filter({ hasText: String(p.userId) })
      .click();
    await page.waitForURL(`**/user/detail?userId=${p.userId}`);
    const detail = page.getByTestId('player-detail');
    await detail.waitFor();
    await expect.poll(() => page.getByTestId('state-resources').innerText()).toContain('Gems');
    await expect.poll(() => page.getByTestId('state-resources').innerText()).toContain('321');
    // The OS by its name (iOS), never the code the game sent (ios).
    await expect.poll(() => detail.innerText()).toMatch(/\biOS\b/);
    expect(await detail.innerText()).not.toMatch(/\bios\b/);

    await page.getByRole('button', { name: 'Freeze' }).click();
    await page.waitForURL(`**/game-user/froze?userIds=${p.userId}`);
    await page.getByLabel('Reason').fill('botting in the arena');
    await page.getByTestId('freeze-form-submit').click();
    await confirmModal();
    await page.waitForURL('**/game-user/froze/list');
    await see(page, 'botting in the arena');

    const refused = await login(p.socialId);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('botting in the arena');

    await page.getByRole('row').filter({ hasText: 'botting in the arena' }).getByTestId('row-action-unfreeze').click();
    await confirmModal();
    await expect.poll(async () => (await login(p.socialId)).status, { timeout: 10_000 }).toBe(200);
  });

  it('the player search is an address: reload, back and a pasted link show the same search', async () => {
    const p = await player(12, 3);
    // The search's own row (the detail page, kept open in its tab, shows the same link).
    const link = () =>
      page
        .locator('.ant-table-row')
        .getByTestId('player-link')
        .filter({ hasText: new RegExp(`^${p.userId}$`), visible: true });
    const socialIdInput = () => page.getByTestId('search-form').filter({ visible: true }).getByLabel('Social ID');

    await page.goto('/game-user/index');
    await socialIdInput().fill(p.socialId);
    await page.getByTestId('search-form').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`**/game-user/index?socialId=${p.socialId}`);
    await link().waitFor();

    await page.reload();
    await link().waitFor();
    expect(await socialIdInput().inputValue()).toBe(p.socialId);

    await link().click();
    await page.waitForURL(`**/user/detail?userId=${p.userId}`);
    await page.goBack();
    await page.waitForURL(`**/game-user/index?socialId=${p.socialId}`);
    await link().waitFor();
    expect(await socialIdInput().inputValue()).toBe(p.socialId);

    // Back again: the search before this one (none), and the form follows.
    await page.goBack();
    await page.waitForURL('**/game-user/index');
    // The address changes first; the page follows once the route's loader has run.
    await expect.poll(() => socialIdInput().inputValue(), { timeout: 10_000 }).toBe('');
    await expect.poll(() => link().count(), { timeout: 10_000 }).toBe(0);

    // A link naming a filter opens the list filtered: the player's snapshots.
    await page.goto(`/game-user/snapshot?userId=${p.userId}`);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.getByTestId('search-form').getByLabel('User ID').inputValue()).toBe(String(p.userId));
  });

  it('copy shows both accounts side by side before it runs; then B has A’s game data', async () => {
    const a = await player(900, 40);
    const b = await player(5, 1);

    await page.goto('/game-user/copy');
    expect(await page.getByTestId('copy-confirm').isDisabled()).toBe(true);
    await page.getByLabel('Source user ID').fill(String(a.userId));
    await page.getByLabel('Target user ID').fill(String(b.userId));
    await page.getByTestId('copy-preview').click();
    const result = page.getByTestId('copy-preview-result');
    await result.waitFor();
    // The target's "after" shows the source's 900 gems; its "before" still its own 5.
    const target = result.getByTestId('preview-to');
    await expect.poll(() => target.getByTestId('side-before').innerText()).toMatch(/Gems\s+5\b/);
    await expect.poll(() => target.getByTestId('side-after').innerText()).toMatch(/Gems\s+900\b/);
    expect((await game('GET', `/api/game/v1/players/${b.userId}`)).body.data.state.resources.gem).toBe(5);

    await page.getByTestId('copy-confirm').click();
    await typeAndConfirm(b.userId);
    await expect
      .poll(async () => (await game('GET', `/api/game/v1/players/${b.userId}`)).body.data.state, { timeout: 10_000 })
      .toEqual(a.state);
    await see(page, 'Done');
  });

  it('a banned device is refused at login with the reason; lifting the ban lets it in', async () => {
    const p = await player(10, 1);
    const deviceId = `${p.socialId}-device`;
    const reason = unique('chargeback fraud');

    await page.goto('/game-user/frozedevice');
    await page.getByLabel('Device IDs (one per line, at most 25)').fill(deviceId);
    await page.getByLabel('Reason').fill(reason);
    await page.getByTestId('ban-devices-form-submit').click();
    await see(page, 'Ban this device? It will not be able to sign in.');
    await confirmModal();
    const row = page.getByRole('row').filter({ hasText: deviceId });
    await expect.poll(() => row.innerText()).toContain(String(p.userId));

    const refused = await login(p.socialId);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain(reason);

    await row.getByTestId('row-action-unban').click();
    await confirmModal();
    await expect.poll(async () => (await login(p.socialId)).status, { timeout: 10_000 }).toBe(200);
  });

  it('a deduction beyond what the player has is refused and changes nothing; one within it lowers the game state', async () => {
    const p = await player(321, 3);
    const gems = async () => (await game('GET', `/api/game/v1/players/${p.userId}`)).body.data.state.resources.gem;

    await page.goto(`/game-user/deduct?userId=${p.userId}`);
    await page.getByRole('button', { name: 'Add an item to deduct' }).click();
    await page.getByTestId('reward-kind').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Gems' }).first().click();
    const amount = page.locator('[data-testid=reward-amount] input, input[data-testid=reward-amount]').first();
    await amount.fill('500');
    await page.getByLabel('Reason').fill('duplicated purchase');
    await page.getByTestId('deduct-form-submit').click();
    await typeAndConfirm(p.userId);
    await see(page, 'the player has 321, cannot deduct 500');
    expect(await gems()).toBe(321);

    await amount.fill('100');
    await page.getByTestId('deduct-form-submit').click();
    await typeAndConfirm(p.userId);
    await page.waitForURL(`**/user/detail?userId=${p.userId}`);
    expect(await gems()).toBe(221);
  });
});
