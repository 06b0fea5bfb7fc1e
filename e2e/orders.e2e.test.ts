import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { adminToken, call, callGame, gameData, see, testReceipt, unique, useAdminPage } from './helpers';

/**
 * Orders through the screens (issue 42): purchases the game makes through its API show in the
 * order list (with totals by currency), a player's payments and orders tab; a delivery that failed
 * waits in the dead-letter queue and a retry from that screen delivers it.
 */

const adminPage = useAdminPage('en-US');
let page: Page;
let token: string;
let itemId = 0;
const sku = unique('com.e2e.gems').replace(/[^\w.-]/g, '');

const receipt = (transactionId: string, userId: number) => testReceipt(transactionId, sku, userId);

const login = () =>
  gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('e2e-orders-device'),
    deviceModel: 'Pixel 8',
    os: 'ios',
    appVersion: '1.5.0',
    language: 'en-US',
    country: 'US',
  });

const buy = (userId: number, transactionId: string) =>
  gameData<{ orderId: number; state: string; reason: string | null }>(
    'POST',
    `/api/game/v1/players/${userId}/purchases`,
    { platform: 'test', productId: String(itemId), receipt: receipt(transactionId, userId) },
  );

const gems = async (userId: number) =>
  (await gameData<{ state: { resources: Record<string, number> } }>('GET', `/api/game/v1/players/${userId}`)).state
    .resources.gem ?? 0;

async function noAxeFindings() {
  const found = await axeFindings(page);
  expect(found.map((f) => `${f.rule}: ${f.where.join('; ')}`)).toEqual([]);
}

beforeAll(async () => {
  page = adminPage();
  token = await adminToken();
  const tier = unique('e2etier').replace(/[^\w]/g, '');
  const level = await call('POST', '/api/v1/resources/priceLevel', token, {
    name: tier,
    tier,
    platform: 'ios',
    sku,
    prices: [{ currency: 'USD', amount: 4.99 }],
  });
  expect(level.code, level.msg).toBe(200);
  const item = await call<{ id: number }>('POST', '/api/v1/purchase', token, {
    title: unique('E2E gems'),
    priceLevel: tier,
    consumingType: 'consumable',
    rewards: [{ kind: 'gem', amount: 10 }],
  });
  expect(item.code, item.msg).toBe(200);
  itemId = item.data.id;
});

describe('orders through the screens', () => {
  it('the order list, payments and the player’s orders tab list what the game bought', async () => {
    const { userId } = await login();
    const tx1 = unique('e2e-tx-a');
    const tx2 = unique('e2e-tx-b');
    expect((await buy(userId, tx1)).state).toBe('delivered');
    expect((await buy(userId, tx2)).state).toBe('delivered');
    // The same receipt again: one order still.
    expect(
      (
        await callGame('POST', `/api/game/v1/players/${userId}/purchases`, {
          platform: 'test',
          productId: String(itemId),
          receipt: receipt(tx1, userId),
        })
      ).body.data.duplicate,
    ).toBe(true);

    await page.goto(`/order/list?userId=${userId}`);
    const list = page.getByTestId('order-list');
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(2);
    await see(page, tx1);
    await see(page, tx2);
    await expect.poll(() => page.getByTestId('order-totals').innerText()).toContain('9.98 USD');
    await noAxeFindings();

    await page.goto(`/game-user/payment?userId=${userId}`);
    await page.getByTestId('payments-summary').waitFor();
    expect(await page.getByTestId('payments-lifetime').innerText()).toContain('9.98 USD');
    await expect.poll(() => page.getByTestId('payments-history').locator('tbody tr.ant-table-row').count()).toBe(2);
    await noAxeFindings();

    // The player page's tab by its address: with a dozen tabs, Orders sits behind the bar's "…".
    await page.goto(`/user/detail?userId=${userId}&tab=orders`);
    await expect.poll(() => page.getByTestId('player-orders').locator('tbody tr.ant-table-row').count()).toBe(2);
    await noAxeFindings();
  });

  it('a failed delivery waits in the dead-letter queue; a retry from the screen delivers it once', async () => {
    const { userId } = await login();
    const before = await gems(userId);
    const frozen = await call('POST', '/api/v1/game-users/freeze', token, { userIds: [userId], reason: 'e2e check' });
    expect(frozen.code, frozen.msg).toBe(200);
    const bought = await buy(userId, unique('e2e-tx-dlq'));
    expect(bought).toMatchObject({ state: 'deadLettered', reason: 'playerFrozen' });

    await page.goto(`/purchase/product/dlq?userId=${userId}`);
    const list = page.getByTestId('dead-letter-list');
    const row = list.locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Player frozen');
    await noAxeFindings();

    // Unfrozen, the operator retries from the queue.
    const unfrozen = await call('POST', '/api/v1/game-users/unfreeze', token, { userIds: [userId] });
    expect(unfrozen.code, unfrozen.msg).toBe(200);
    await row.getByTestId('row-action-retry').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(String(userId));
    await dialog.getByRole('button', { name: 'Retry delivery' }).click();
    await see(page, /Delivered; dead letter #\d+ handled/);
    // Handled: gone from the waiting letters.
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(0);

    const orders = await call<{ list: { deliveryState: string }[] }>(
      'GET',
      `/api/v1/penguin/users/orders?userId=${userId}&pageSize=10&page=1`,
      token,
    );
    expect(orders.data.list.map((o) => o.deliveryState)).toEqual(['delivered']);
    expect(await gems(userId)).toBe(before + 10);
  });

  it('the player’s orders tab re-delivers an undelivered order, confirmed', async () => {
    const { userId } = await login();
    const before = await gems(userId);
    expect(
      (await call('POST', '/api/v1/game-users/freeze', token, { userIds: [userId], reason: 'e2e tab' })).code,
    ).toBe(200);
    const bought = await buy(userId, unique('e2e-tx-tab'));
    expect(bought.state).toBe('deadLettered');
    expect((await call('POST', '/api/v1/game-users/unfreeze', token, { userIds: [userId] })).code).toBe(200);

    // The player page's tab by its address: with a dozen tabs, Orders sits behind the bar's "…".
    await page.goto(`/user/detail?userId=${userId}&tab=orders`);
    const row = page.getByTestId('player-orders').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Undelivered (failed)');
    await row.getByTestId('row-action-redeliver').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(String(userId));
    await dialog.getByRole('button', { name: `Deliver order #${bought.orderId}` }).click();
    await see(page, `Order #${bought.orderId} delivered`);
    await expect.poll(() => row.innerText()).toContain('Delivered');
    expect(await gems(userId)).toBe(before + 10);
    // Delivered: no re-delivery offered any more.
    expect(await row.getByTestId('row-action-redeliver').count()).toBe(0);
  });
});
