import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { adminToken, call, deletedAfterAll, gameData, iapItem, testReceipt, unique, useAdminPage } from './helpers';

// The player page's resource ledger tab (issue 42 item 6), in English.
const adminPage = useAdminPage('en-US');
let page: Page;
beforeAll(() => {
  page = adminPage();
});

const rows = () => page.getByTestId('player-ledger').locator('tbody tr.ant-table-row');
const made = deletedAfterAll();

describe('resource ledger tab', () => {
  it('lists what the game and the console changed, labelled, filtered by source, without raw codes', async () => {
    const deviceId = unique('e2e-ledger-device');
    const login = await gameData<{ userId: number; saveCount: number; sessionEpoch: number; state: any }>(
      'POST',
      '/api/game/v1/players/login',
      { deviceId, deviceModel: 'Pixel 8', os: 'android', appVersion: '1.5.0', language: 'en-US', country: 'US' },
    );
    const state = structuredClone(login.state);
    state.resources.coin += 4321;
    await gameData('PUT', `/api/game/v1/players/${login.userId}/save`, {
      saveCount: login.saveCount + 1,
      state,
      sessionEpoch: login.sessionEpoch,
    });
    const token = await adminToken();
    const deducted = await call('POST', '/api/v1/game-users/deduct', token, {
      userId: login.userId,
      items: [{ kind: 'gem', amount: 7 }],
      reason: 'e2e ledger',
    });
    expect(deducted.code).toBe(200);
    // A store purchase, validated and delivered: its gem is a ledger row of its own.
    const id = unique('ledger').replace(/[^\w]/g, '');
    const itemId = await iapItem(token, made, id, unique('Ledger gem'));
    const bought = await gameData<{ state: string }>('POST', `/api/game/v1/players/${login.userId}/purchases`, {
      platform: 'test',
      productId: String(itemId),
      receipt: testReceipt(unique('ledger-tx'), `com.rookery.${id}`, login.userId),
    });
    expect(bought.state).toBe('delivered');

    await page.goto(`/user/detail?userId=${login.userId}`);
    await page.getByRole('tab', { name: 'Resource ledger' }).click();
    // The new player's start (one row per resource), the save, the deduction and the purchase.
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    const text = await page.getByTestId('player-ledger').innerText();
    expect(text).toContain('Purchase');
    expect(text).toContain('Game save');
    expect(text).toContain('New player start');
    expect(text).toContain('+4,321');
    expect(text).toContain('-7');
    expect(text).toContain('Coins');
    // No raw codes: sources and resources read as words.
    expect(text).not.toMatch(/\b(gameSave|deductResources|newPlayer|purchase|coin|gem)\b/);

    // Filter by source: only the deduction is left.
    await page.getByTestId('filter-source').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Deduction' })
      .first()
      .click();
    await page.getByTestId('player-ledger').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    expect(await rows().first().innerText()).toContain('Gems');

    const found = await axeFindings(page);
    expect(found.map((f) => `${f.rule}: ${f.where.join('; ')}`)).toEqual([]);
  });
});
