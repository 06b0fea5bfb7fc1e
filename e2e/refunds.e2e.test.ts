import { pathTo } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { orderRefunds, orders } from '../packages/server/src/modules/orders/tables.js';
import { applyRewards } from '../packages/server/src/modules/players/service.js';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../packages/server/src/test/harness.js';
import {
  type AppleChain,
  appleNotice,
  appleTransaction,
  makeAppleChain,
  signApple,
} from '../packages/server/src/test/store-fixtures.js';
import { axeFindings } from './axe';
import { contextOptions, see, useBrowser } from './helpers';

/**
 * The refund screens on a server of its own (it trusts a test App Store root the test makes):
 * a delivered App Store order is refunded by a signed store notice; `/order/refund` lists it with
 * what was taken back and what became debt, `/game-user/refund` lists the player with the debt,
 * the player's refunds tab shows the debt; a refund recorded with "nothing" is taken back from
 * the screen after the confirmation.
 */
const browser = useBrowser();
let ctx: TestContext;
let page: Page;
let chain: AppleChain;

beforeAll(async () => {
  chain = await makeAppleChain('E2E');
  ctx = await createTestContext({
    config: {
      webDist: inject('webDist'),
      stores: {
        apple: {
          bundleId: 'com.example.penguin',
          environment: 'sandbox',
          rootCertificates: [chain.rootDer],
          onlineChecks: false,
        },
        refundClawback: 'takeBack',
        refundPollDays: 30,
      },
    },
  });
  const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const context = await browser().newContext({ ...contextOptions, baseURL: url, locale: 'en-US' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/login');
  await page.getByPlaceholder(/User name/).fill('admin');
  await page.getByPlaceholder(/Password/).fill(ADMIN_PASSWORD);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
async function playerWithOrder(transactionId: string) {
  n += 1;
  const res = await ctx.game('POST', '/api/game/v1/players/login', {
    body: {
      deviceId: `e2e-refund-${n}-${Date.now()}`,
      deviceModel: 'iPhone 15',
      os: 'ios',
      appVersion: '1.0.0',
      language: 'en-US',
      country: 'US',
    },
  });
  const userId = res.json().data.userId as number;
  const now = new Date();
  const rewards = [{ kind: 'gem' as const, amount: 100 }];
  const order = await ctx.database.db.transaction(async (tx) => {
    const [o] = await tx
      .insert(orders)
      .values({
        userId,
        platform: 'apple',
        transactionId,
        productId: 'gems_100',
        price: '4.99',
        currency: 'USD',
        environment: 'sandbox',
        validation: {},
        deliveryState: 'delivered',
        rewards,
        purchasedAt: now,
        createdAt: now,
        deliveredAt: now,
      })
      .returning();
    await applyRewards(tx, userId, rewards, { type: 'purchase', id: o.id }, now);
    return o;
  });
  // The player spent most of it: 40 gems left.
  await ctx.database.db.execute(
    sql`update players set state = jsonb_set(state, '{resources,gem}', '40'::jsonb) where id = ${userId}`,
  );
  return { userId, order };
}

describe('refund screens', () => {
  it('list a refund made through a signed App Store notice, with what was taken and the debt', async () => {
    const t = appleTransaction();
    const { userId, order } = await playerWithOrder(t.transactionId);
    const notice = await signApple(
      chain,
      appleNotice('REFUND', await signApple(chain, { ...t, revocationDate: Date.now() })),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/store/v1/apple/notifications',
      payload: { signedPayload: notice },
    });
    expect(res.json().data.outcome).toBe('processed');

    await page.goto(pathTo('orderRefund'));
    const row = page.locator('[data-testid=refund-list] tr', { hasText: String(order.id) }).first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Take back');
    expect(text).toContain('4.99 USD');
    expect(text).toMatch(/×\s*40/);
    expect(text).toMatch(/×\s*60/);
    expect(await axeFindings(page)).toEqual([]);

    await page.goto(pathTo('gameUserRefund'));
    const playerRow = page.locator('[data-testid=refund-players] tr', { hasText: String(userId) }).first();
    await playerRow.waitFor();
    expect(await playerRow.innerText()).toMatch(/×\s*60/);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('an operator takes back a refund recorded with nothing, after the confirmation', async () => {
    const t = appleTransaction();
    const { userId, order } = await playerWithOrder(t.transactionId);
    const { recordStoreRefund } = await import('../packages/server/src/modules/orders/refunds.js');
    await ctx.database.db.transaction((tx) =>
      recordStoreRefund(
        tx,
        { order, state: 'refunded', at: new Date(), source: 'store', clawback: 'none' },
        new Date(),
      ),
    );
    await page.goto(`${pathTo('orderRefund')}?userId=${userId}`);
    const row = page.locator('[data-testid=refund-list] tr', { hasText: String(order.id) }).first();
    await row.waitFor();
    await row.getByTestId('row-action-takeBack').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain(`Take back from player ${userId}`);
    await dialog.getByRole('button', { name: `Take back from player ${userId}` }).click();
    await see(page, 'Taken back');
    // "Taken back" is a column of the list too: the row is read once the take-back committed.
    const refundRow = async () =>
      (await ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)))[0];
    await expect.poll(async () => (await refundRow())?.clawback, { timeout: 30_000 }).toBe('takeBack');
    expect(await refundRow()).toMatchObject({
      clawback: 'takeBack',
      taken: [{ kind: 'gem', amount: 40 }],
      debt: [{ kind: 'gem', amount: 60 }],
    });
  });
});
