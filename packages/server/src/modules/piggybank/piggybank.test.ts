import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeTestReceipt } from '../orders/validators/test-validator.js';

/**
 * Piggy banks through the game API (issue 43 item 2): declared with field messages, filled from
 * game events up to the cap and never beyond, broken by a purchase that delivers the content held
 * at verification once and resets the bank, inside its window only.
 */

let ctx: TestContext;
const T0 = new Date('2026-06-01T10:00:00Z');
const day = 86_400_000;
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();
const R = '/api/v1/resources';

let itemA = 0; // breaks the bank (its own rewards: 7 coins)
let itemB = 0; // another product
let nextPlayer = 80_000;
let nextTx = 0;

const bank = (over: Record<string, unknown> = {}) => ({
  name: 'pig',
  titleZh: '小猪',
  titleEn: 'Piggy',
  resource: 'gem',
  rules: [
    { event: 'level_won', amount: 30 },
    { event: 'boss_kill', amount: 50 },
  ],
  cap: 100,
  purchaseId: itemA,
  effectiveAt: at(-day),
  expireAt: at(30 * day),
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(T0);
  await ctx.adminOk('POST', `${R}/priceLevel`, {
    name: 't1_ios',
    tier: 't1',
    platform: 'ios',
    sku: 'com.r.pig',
    prices: [{ currency: 'USD', amount: 4.99 }],
  });
  const item = async (title: string) =>
    (
      await ctx.adminOk('POST', '/api/v1/purchase', {
        title,
        priceLevel: 't1',
        consumingType: 'consumable',
        rewards: [{ kind: 'coin', amount: 7 }],
      })
    ).id as number;
  itemA = await item('Piggy bank');
  itemB = await item('Other');
});
afterAll(() => ctx?.close());

async function player() {
  nextPlayer += 1;
  await ctx.database.db.execute(
    sql`insert into players (id, state, os, country, first_login_at, updated_at) values (${nextPlayer}, '{}'::jsonb, 'ios', 'US', now(), now())`,
  );
  return nextPlayer;
}
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const resource = async (userId: number, kind: string) => {
  const [row] = await rowsOf(
    sql`select coalesce((state->'resources'->>${kind})::numeric, 0) as n from players where id = ${userId}`,
  );
  return Number(row!.n);
};
const report = async (userId: number, ...names: string[]) => {
  const res = await ctx.game('POST', `/api/game/v1/players/${userId}/events`, {
    body: { events: names.map((name) => ({ name })) },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const banks = async (userId: number) => (await ctx.gameRead(`/api/game/v1/players/${userId}/piggy-bank`)).data.banks;
const fillOf = async (userId: number) => (await banks(userId)).find((b: { name: string }) => b.name === 'pig')?.fill;
const buy = async (userId: number, body: Record<string, unknown>) => {
  const res = await ctx.game('POST', `/api/game/v1/players/${userId}/purchases`, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const purchase = () => ({
  platform: 'test',
  productId: String(itemA),
  receipt: makeTestReceipt({
    transactionId: `pig-tx-${++nextTx}`,
    sku: 'com.r.pig',
    price: '4.99',
    currency: 'USD',
    purchasedAt: T0.toISOString(),
  }),
});

describe('declaring a piggy bank', () => {
  it('refuses bad input with field messages in the operator’s language and saves nothing', async () => {
    const before = await ctx.fingerprint();
    const fields = async (body: Record<string, unknown>, locale = 'en-US') => {
      const res = await ctx.admin('POST', `${R}/piggyBank`, body, locale);
      expect(res.statusCode, res.body).toBe(400);
      return Object.fromEntries(
        (res.json().errors as { field: string; message: string }[]).map((f) => [f.field, f.message]),
      );
    };
    expect((await fields(bank({ cap: 0 }))).cap).toBe('The cap is a whole number above 0');
    expect((await fields(bank({ cap: -5 }), 'zh-CN')).cap).toBe('上限应为大于 0 的整数');
    expect((await fields(bank({ rules: [{ event: 'level_won', amount: -1 }] })))['rules.0.amount']).toMatch(
      /0 or more/,
    );
    expect(await fields(bank({ purchaseId: undefined }))).toHaveProperty('purchaseId');
    expect(await fields(bank({ rules: [{ event: 'Not an event!', amount: 1 }] }))).toHaveProperty('rules.0.event');
    expect(await fields(bank({ rules: [] }))).toHaveProperty('rules');
    // A product that is not in the catalogue: the kit's reference check.
    const missing = await ctx.admin('POST', `${R}/piggyBank`, bank({ purchaseId: 999_999 }));
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('refuses a second bank of the same product in an overlapping window', async () => {
    await ctx.adminOk('POST', `${R}/piggyBank`, bank());
    const before = await ctx.fingerprint();
    const res = await ctx.admin(
      'POST',
      `${R}/piggyBank`,
      bank({ name: 'pig2', effectiveAt: at(20 * day), expireAt: at(40 * day) }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'effectiveAt',
      message: 'Overlaps another piggy bank of the same product',
    });
    // No bounds at all overlaps too.
    const open = await ctx.admin('POST', `${R}/piggyBank`, bank({ name: 'pig3', effectiveAt: null, expireAt: null }));
    expect(open.statusCode).toBe(400);
    expect(await ctx.fingerprint()).toEqual(before);
    // After the first one ends, or on another product: fine.
    await ctx.adminOk(
      'POST',
      `${R}/piggyBank`,
      bank({ name: 'later', effectiveAt: at(30 * day), expireAt: at(60 * day) }),
    );
    await ctx.adminOk(
      'POST',
      `${R}/piggyBank`,
      bank({ name: 'other', purchaseId: itemB, rules: [{ event: 'x_y', amount: 1 }] }),
    );
    // Editing the bank itself does not overlap with itself.
    await ctx.adminOk('PUT', `${R}/piggyBank/pig`, bank({ titleEn: 'Piggy!' }));
  });
});

describe('filling from game events', () => {
  it('fills to the cap and never beyond; the game read has an ETag', async () => {
    const p = await player();
    expect(await fillOf(p)).toBe(0);
    await report(p, 'level_won', 'level_won', 'unrelated');
    expect(await banks(p)).toContainEqual(
      expect.objectContaining({ name: 'pig', fill: 60, cap: 100, full: false, purchaseId: itemA, resource: 'gem' }),
    );
    await report(p, 'boss_kill');
    expect(await fillOf(p)).toBe(100);
    const first = await ctx.gameRead(`/api/game/v1/players/${p}/piggy-bank`);
    expect(first.data.banks.find((b: { name: string }) => b.name === 'pig')).toMatchObject({ fill: 100, full: true });
    expect((await ctx.gameRead(`/api/game/v1/players/${p}/piggy-bank`, first.etag)).status).toBe(304);
    await report(p, 'boss_kill', 'level_won');
    expect(
      await rowsOf(sql`select fill::int as fill from piggy_bank_fills where user_id = ${p} and bank = 'pig'`),
    ).toEqual([{ fill: 100 }]);
    expect((await ctx.gameRead(`/api/game/v1/players/${p}/piggy-bank`, first.etag)).status).toBe(304);
    // An unknown player: 404.
    expect((await ctx.gameRead('/api/game/v1/players/99999999/piggy-bank')).status).toBe(404);
  });

  it('fills and shows only inside the bank’s window (the service clock moves)', async () => {
    const p = await player();
    ctx.clock.set(new Date(T0.getTime() + 45 * day)); // pig and other ended, later runs
    await report(p, 'level_won');
    const shown = (await banks(p)).map((b: { name: string }) => b.name);
    ctx.clock.set(T0);
    expect(shown).toEqual(['later']);
    expect(await fillOf(p)).toBe(0);
    ctx.clock.set(new Date(T0.getTime() - 2 * day)); // before pig starts
    await report(p, 'level_won');
    ctx.clock.set(T0);
    expect(await fillOf(p)).toBe(0);
  });
});

describe('breaking a bank', () => {
  it('delivers the content once (the same purchase twice) and resets the bank', async () => {
    const p = await player();
    await report(p, 'boss_kill', 'level_won'); // 80
    const body = purchase();
    const first = await buy(p, body);
    expect(first).toMatchObject({ state: 'delivered', duplicate: false, rewards: [{ kind: 'gem', amount: 80 }] });
    const again = await buy(p, body);
    expect(again).toMatchObject({ orderId: first.orderId, duplicate: true, state: 'delivered' });
    expect(await resource(p, 'gem')).toBe(80);
    expect(await resource(p, 'coin')).toBe(0); // the content replaces the item's own rewards
    expect(await fillOf(p)).toBe(0);
    // It fills again afterwards.
    await report(p, 'level_won');
    expect(await fillOf(p)).toBe(30);
  });

  it('a retried delivery grants what the bank held at verification; what it gained since stays', async () => {
    const p = await player();
    await report(p, 'boss_kill'); // 50
    await ctx.database.db.execute(sql`update players set status = 'frozen', frozen_reason = 'check' where id = ${p}`);
    const first = await buy(p, purchase());
    expect(first).toMatchObject({ state: 'deadLettered', reason: 'playerFrozen' });
    await report(p, 'level_won'); // 80 now; the order bought 50
    await ctx.database.db.execute(sql`update players set status = 'normal' where id = ${p}`);
    const [letter] = (await ctx.adminOk('GET', `/api/v1/purchase/dlq?userId=${p}`)).list;
    const retried = await ctx.adminOk('POST', `/api/v1/purchase/dlq/${letter.id}/retry`);
    expect(retried).toMatchObject({ delivered: true });
    expect(await resource(p, 'gem')).toBe(50);
    expect(await fillOf(p)).toBe(30);
    // Retried again: refused, nothing more.
    expect((await ctx.admin('POST', `/api/v1/purchase/dlq/${letter.id}/retry`)).statusCode).toBe(409);
    expect(await resource(p, 'gem')).toBe(50);
    expect(await fillOf(p)).toBe(30);
  });

  it('an empty bank is not delivered: the order waits as a dead letter', async () => {
    const p = await player();
    const first = await buy(p, purchase());
    expect(first).toMatchObject({ state: 'deadLettered', reason: 'invalidState' });
    expect(await resource(p, 'gem')).toBe(0);
    expect(await resource(p, 'coin')).toBe(0);
    const [letter] = (await ctx.adminOk('GET', `/api/v1/purchase/dlq?userId=${p}`)).list;
    expect(letter.detail).toContainEqual({ name: 'why', value: 'piggyBankEmpty' });
  });
});

describe('operators', () => {
  it('see a player’s fills and empty a bank (audited, seen by the game at once)', async () => {
    const p = await player();
    await report(p, 'level_won', 'level_won');
    const read = await ctx.gameRead(`/api/game/v1/players/${p}/piggy-bank`);
    const tab = await ctx.adminOk('GET', `/api/v1/piggy-bank/players?userId=${p}`);
    expect(tab.list.find((b: { name: string }) => b.name === 'pig')).toMatchObject({ fill: 60, cap: 100 });
    expect(await ctx.adminOk('POST', `/api/v1/piggy-bank/players/${p}/reset`, { bank: 'pig' })).toEqual({
      bank: 'pig',
      before: 60,
      fill: 0,
    });
    const after = await ctx.gameRead(`/api/game/v1/players/${p}/piggy-bank`, read.etag);
    expect(after.status).toBe(200);
    expect(after.data.banks.find((b: { name: string }) => b.name === 'pig').fill).toBe(0);
    expect(await rowsOf(sql`select action from audit_log where target = ${`player:${p}`}`)).toEqual([
      { action: 'resetPlayerPiggyBank' },
    ]);
    const unknown = await ctx.admin('POST', `/api/v1/piggy-bank/players/${p}/reset`, { bank: 'nope' });
    expect(unknown.statusCode).toBe(404);
    const noPlayer = await ctx.admin('POST', '/api/v1/piggy-bank/players/99999999/reset', { bank: 'pig' });
    expect(noPlayer.statusCode).toBe(404);
    // Without the edit permission: refused.
    const viewer = await ctx.userWithPermissions('piggyViewer', ['iapGiftConfigQuery']);
    const refused = await ctx.call('POST', `/api/v1/piggy-bank/players/${p}/reset`, {
      token: viewer.token,
      body: { bank: 'pig' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
