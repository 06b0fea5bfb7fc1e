import {
  type ChestTable,
  chestOdds,
  chestTableSchema,
  drawChest,
  seededRandomBelow,
  simulateChest,
} from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/tables.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { applyRewards } from '../players/service.js';
import { chestOpenQueue } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

let devices = 0;
async function player() {
  devices += 1;
  const res = await ctx.game('POST', '/api/game/v1/players/login', {
    body: {
      deviceId: `chest-device-${devices}-${Date.now()}`,
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.0.0',
      language: 'en-US',
      country: 'US',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}
const give = (userId: number, kind: string, amount: number) =>
  ctx.database.db.transaction((tx) =>
    applyRewards(tx as never, userId, [{ kind, amount } as never], { type: 'rewards' }, new Date()),
  );

const table: ChestTable = {
  entries: [
    { reward: { kind: 'gem', amount: 10 }, weight: 60 },
    { reward: { kind: 'coin', amount: 1000 }, weight: 30 },
    { reward: { kind: 'penguin_emperor', amount: 1 }, weight: 10 },
  ],
  guaranteed: [{ kind: 'cookie', amount: 5 }],
  pityEntry: null,
  pityWithin: null,
};
const withPity = (within: number): ChestTable => ({ ...table, pityEntry: 2, pityWithin: within });
/** The pity entry at weight 1 of 1,000,001: by the odds it (almost) never drops, so pity gives it. */
const rareWithin = (within: number): ChestTable => ({
  entries: [
    { reward: { kind: 'gem', amount: 1 }, weight: 1_000_000 },
    { reward: { kind: 'penguin_king', amount: 1 }, weight: 1 },
  ],
  guaranteed: [],
  pityEntry: 1,
  pityWithin: within,
});

const save = (kind: string, body: unknown, locale = 'en-US') =>
  ctx.call('PUT', `/api/v1/product/chests/${kind}`, { token: ctx.adminToken, body, locale });
const open = (userId: number, kind: string) => ctx.game('POST', `/api/game/v1/players/${userId}/chests/${kind}/open`);
const disclosed = async (userId: number) => {
  const res = await ctx.game('GET', `/api/game/v1/players/${userId}/chests`);
  expect(res.statusCode, res.body).toBe(200);
  return { etag: res.headers.etag as string, chests: res.json().chests as any[] };
};

describe('the draw (pure)', () => {
  it('100,000 seeded opens match the declared odds within 1 percentage point', () => {
    const result = simulateChest(table, 100_000, seededRandomBelow(42));
    for (const e of result.entries) expect(Math.abs(e.observed - e.declared)).toBeLessThan(1);
    expect(result.entries.map((e) => e.declared)).toEqual([60, 30, 10]);
  });
  it('pity guarantees the entry at the N-th open without it, and resets when it drops', () => {
    const never = () => 0; // always the first entry by the odds
    let counter = 0;
    for (let i = 1; i < 7; i++) {
      const d = drawChest(withPity(7), counter, never);
      expect(d).toEqual({ entry: 0, pity: false, counter: i });
      counter = d.counter;
    }
    expect(drawChest(withPity(7), counter, never)).toEqual({ entry: 2, pity: true, counter: 0 });
    // Dropped by the odds: the counter resets too.
    expect(drawChest(withPity(7), 3, () => 95)).toEqual({ entry: 2, pity: false, counter: 0 });
    const sim = simulateChest(withPity(20), 100_000, seededRandomBelow(7));
    expect(sim.longestWithoutPity).toBeLessThan(20);
    expect(sim.pityTriggers).toBeGreaterThan(0);
  });
  it('refuses what the table cannot satisfy', () => {
    const issues = (t: unknown) =>
      chestTableSchema.safeParse(t).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(issues({ ...table, entries: table.entries.map((e) => ({ ...e, weight: 0 })) })).toContain(
      'entries.0.weight:chest.weightsZero',
    );
    expect(issues({ ...table, entries: [{ ...table.entries[0], weight: -1 }] })).toEqual([
      'entries.0.weight:chest.weight',
    ]);
    expect(issues({ ...table, pityEntry: 2, pityWithin: 0 })).toEqual(['pityWithin:chest.pityWithin']);
    expect(issues({ ...table, pityEntry: 5, pityWithin: 10 })).toEqual(['pityEntry:chest.pityEntry']);
    expect(
      issues({
        ...table,
        entries: [table.entries[0], { ...table.entries[1], weight: 0 }],
        pityEntry: 1,
        pityWithin: 10,
      }),
    ).toEqual(['pityEntry:chest.pityWeightZero']);
    expect(issues({ ...table, pityEntry: 1 })).toEqual(['pityWithin:chest.pityBoth']);
  });
});

describe('chests through the APIs', () => {
  it('bad tables get field messages in the operator language and save nothing', async () => {
    const before = await ctx.adminOk('GET', '/api/v1/product/chests');
    const zero = await save(
      'gold_treasure_chest',
      { ...table, entries: table.entries.map((e) => ({ ...e, weight: 0 })) },
      'zh-CN',
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0]).toEqual({
      field: 'entries.0.weight',
      message: '权重之和不能为 0：至少一项的权重大于 0',
    });
    const pity = await save('gold_treasure_chest', { ...table, pityEntry: 2, pityWithin: 0 });
    expect(pity.statusCode).toBe(400);
    expect(pity.json().errors[0].field).toBe('pityWithin');
    expect(await ctx.adminOk('GET', '/api/v1/product/chests')).toEqual(before);
    const unknown = await save('gem', table);
    expect(unknown.statusCode).toBe(400);
  });

  it('discloses the odds the server draws by, with an ETag', async () => {
    const saved = await save('gold_treasure_chest', table);
    expect(saved.statusCode, saved.body).toBe(200);
    const userId = await player();
    const { etag, chests } = await disclosed(userId);
    const gold = chests.find((c) => c.kind === 'gold_treasure_chest');
    expect(gold.odds).toEqual(chestOdds(table));
    expect(gold.odds.map((o: { percent: number }) => o.percent)).toEqual([60, 30, 10]);
    expect(gold.openable).toBe(true);
    const again = await ctx.game('GET', `/api/game/v1/players/${userId}/chests`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // The console's simulation draws by the same figures.
    const sim = await ctx.adminOk('POST', '/api/v1/product/chests/gold_treasure_chest/simulate', { seed: 1 });
    expect(sim.opens).toBe(100_000);
    for (const e of sim.entries) expect(Math.abs(e.observed - e.declared)).toBeLessThan(1);
  });

  it('an open consumes a chest and grants; refused with none; unknown kind refused', async () => {
    await save('gold_treasure_chest', table);
    const userId = await player();
    const none = await open(userId, 'gold_treasure_chest');
    expect(none.statusCode).toBe(409);
    expect(none.json().msg).toBe('The player holds no chest of this kind');
    expect((await open(userId, 'gem')).statusCode).toBe(400);
    expect((await open(userId, 'diamond_chest')).statusCode).toBe(400);
    await give(userId, 'gold_treasure_chest', 2);
    const first = await open(userId, 'gold_treasure_chest');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.held).toBe(1);
    const { chests } = await disclosed(userId);
    expect(chests.find((c) => c.kind === 'gold_treasure_chest').held).toBe(1);
    const ledger = await ctx.adminOk('GET', `/api/v1/users/ledger?userId=${userId}&source=chest`);
    expect(
      ledger.list.some((r: { kind: string; delta: number }) => r.kind === 'gold_treasure_chest' && r.delta === -1),
    ).toBe(true);
    expect(ledger.list.some((r: { kind: string; delta: number }) => r.kind === 'cookie' && r.delta === 5)).toBe(true);
  });

  it('two concurrent opens with one chest left grant once', async () => {
    await save('silver_treasure_chest', table);
    const userId = await player();
    await give(userId, 'silver_treasure_chest', 1);
    const answers = await Promise.all([open(userId, 'silver_treasure_chest'), open(userId, 'silver_treasure_chest')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { chests } = await disclosed(userId);
    expect(chests.find((c) => c.kind === 'silver_treasure_chest').held).toBe(0);
    const ledger = await ctx.adminOk('GET', `/api/v1/users/ledger?userId=${userId}&source=chest&kind=cookie`);
    expect(ledger.list.filter((r: { kind: string }) => r.kind === 'cookie')).toHaveLength(1);
  });

  it('opens arriving together share statements; each player gets their own answer or refusal', async () => {
    await save('gold_treasure_chest', withPity(50));
    const holders = [];
    for (let i = 0; i < 6; i++) holders.push(await player());
    for (const userId of holders) await give(userId, 'gold_treasure_chest', 3);
    const empty = await player();
    const answers = await Promise.all([...holders, empty].map((userId) => open(userId, 'gold_treasure_chest')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 409]);
    expect(answers[6].json().msg).toBe('The player holds no chest of this kind');
    for (const [i, userId] of holders.entries()) {
      const data = answers[i].json().data;
      expect(data).toMatchObject({ kind: 'gold_treasure_chest', held: 2, counter: data.entry === 2 ? 0 : 1 });
      const { chests } = await disclosed(userId);
      const gold = chests.find((c) => c.kind === 'gold_treasure_chest');
      expect(gold.held).toBe(data.held);
      expect(gold.pity.counter).toBe(data.counter);
      const ledger = await ctx.adminOk('GET', `/api/v1/users/ledger?userId=${userId}&source=chest&kind=cookie`);
      expect(ledger.list.filter((r: { kind: string }) => r.kind === 'cookie')).toHaveLength(1);
    }
    // The game API's queue, watched: six opens submitted together travel in fewer batches.
    const queue = chestOpenQueue(ctx.database.db, ctx.database.kind, () => new Date());
    const again = await Promise.all(holders.map((userId) => queue.submit({ userId, kind: 'gold_treasure_chest' })));
    expect(again.map((a) => a.held)).toEqual(holders.map(() => 1));
    expect(queue.sent.items).toBe(6);
    expect(queue.sent.batches).toBeLessThan(6);
    expect(queue.sent.retriedAlone).toBe(0);
  });

  it('a planned open drawn from a table since republished, or for a player holding none, is left out with nothing written', async () => {
    await save('gold_treasure_chest', withPity(50));
    const userId = await player();
    await give(userId, 'gold_treasure_chest', 2);
    const empty = await player();
    const [{ version }] = (
      (await ctx.database.db.execute(
        sql`select updated_at::text || '/' || xmin::text as version from chest_tables where kind = 'gold_treasure_chest'`,
      )) as unknown as { rows: { version: string }[] }
    ).rows;
    const plan = (u: number, v: string | null) => ({
      u,
      k: 'gold_treasure_chest',
      v,
      due: 49,
      pc: true,
      wr: [{ kind: 'gold_treasure_chest', amount: -1 }],
      wreset: false,
      pr: [{ kind: 'gold_treasure_chest', amount: -1 }],
      d: { source: { type: 'chest', id: 'gold_treasure_chest' } },
    });
    const apply = async (planned: unknown[]) =>
      (
        (await ctx.database.db.execute(
          sql`select * from chest_open_apply(${JSON.stringify(planned)}::jsonb, now(), 1000000::numeric)`,
        )) as unknown as { rows: { user_id: number | string; counter: number; pity: boolean }[] }
      ).rows;
    // Another version of the table than the one drawn from; a player with no chest; no such player.
    expect(await apply([plan(userId, `${version}x`), plan(empty, version), plan(2_000_000_000, version)])).toEqual([]);
    let { chests } = await disclosed(userId);
    expect(chests.find((c) => c.kind === 'gold_treasure_chest')).toMatchObject({ held: 2, pity: { counter: 0 } });
    // The same plan on the current version is applied: one chest consumed, the counter kept.
    const applied = await apply([plan(userId, version)]);
    expect(applied.map((r) => [Number(r.user_id), r.pity, r.counter])).toEqual([[userId, false, 1]]);
    ({ chests } = await disclosed(userId));
    expect(chests.find((c) => c.kind === 'gold_treasure_chest')).toMatchObject({ held: 1, pity: { counter: 1 } });
  });

  it('a table saved again in the same instant is drawn from at once by the batched opens', async () => {
    const only = (kind: 'gem' | 'coin'): ChestTable => ({
      entries: [{ reward: { kind, amount: 1 }, weight: 1 }],
      guaranteed: [],
      pityEntry: null,
      pityWithin: null,
    });
    const users: number[] = [];
    for (let i = 0; i < 6; i++) users.push(await player());
    for (const u of users) await give(u, 'gold_treasure_chest', 2);
    const queue = chestOpenQueue(ctx.database.db, ctx.database.kind, () => new Date());
    const openAll = () => Promise.all(users.map((userId) => queue.submit({ userId, kind: 'gold_treasure_chest' })));
    // A stopped service clock: both saves carry the same time.
    ctx.clock.set('2026-11-29T12:00:00Z');
    try {
      expect((await save('gold_treasure_chest', only('gem'))).statusCode).toBe(200);
      expect((await openAll()).map((a) => a.reward.kind)).toEqual(users.map(() => 'gem'));
      expect((await save('gold_treasure_chest', only('coin'))).statusCode).toBe(200);
      expect((await openAll()).map((a) => a.reward.kind)).toEqual(users.map(() => 'coin'));
    } finally {
      ctx.clock.set(null);
    }
    expect(queue.sent.batches).toBeLessThan(queue.sent.items);
  });

  it('batched opens decide pity from the counter they find, as an open alone does', async () => {
    await save('gold_treasure_chest', rareWithin(3));
    // Six at once: on PostgreSQL the first two leave alone (two batches in flight), the rest together.
    const users: number[] = [];
    for (let i = 0; i < 6; i++) users.push(await player());
    for (const u of users) await give(u, 'gold_treasure_chest', 4);
    const queue = chestOpenQueue(ctx.database.db, ctx.database.kind, () => new Date());
    const rounds = [];
    for (let i = 0; i < 4; i++)
      rounds.push(await Promise.all(users.map((userId) => queue.submit({ userId, kind: 'gold_treasure_chest' }))));
    for (const [i, u] of users.entries()) {
      const mine = rounds.map((r) => r[i]);
      // The third open is pity's (counter 2 >= 3 - 1), the fourth counts again from 0.
      expect(mine.map((a) => [a.entry, a.pity, a.counter, a.held])).toEqual([
        [0, false, 1, 3],
        [0, false, 2, 2],
        [1, true, 0, 1],
        [0, false, 1, 0],
      ]);
      const { chests } = await disclosed(u);
      expect(chests.find((c) => c.kind === 'gold_treasure_chest')).toMatchObject({ held: 0, pity: { counter: 1 } });
    }
    expect(queue.sent.batches).toBeLessThan(queue.sent.items);
  });

  it('pity gives the item at the N-th open; its counter shows to the game and the console, and resets', async () => {
    expect((await save('gold_treasure_chest', rareWithin(5))).statusCode).toBe(200);
    const userId = await player();
    await give(userId, 'gold_treasure_chest', 8);
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await open(userId, 'gold_treasure_chest')).json().data);
    expect(results[4]).toMatchObject({ entry: 1, pity: true, counter: 0 });
    expect(results.slice(0, 4).every((r) => r.entry === 0 || !r.pity)).toBe(true);
    await open(userId, 'gold_treasure_chest');
    await open(userId, 'gold_treasure_chest');
    let gold = (await disclosed(userId)).chests.find((c) => c.kind === 'gold_treasure_chest');
    expect(gold.pity).toMatchObject({ within: 5, counter: 2, left: 3 });
    const tab = await ctx.adminOk('GET', `/api/v1/players/${userId}/chests`);
    expect(tab.list.find((c: { kind: string }) => c.kind === 'gold_treasure_chest').counter).toBe(2);
    // The reset: permission, audit, at once through the game API.
    const viewer = await ctx.userWithPermissions('chestViewer', ['normalProductConfigQuery']);
    const refused = await ctx.call('POST', `/api/v1/players/${userId}/chests/pity/reset`, {
      token: viewer.token,
      body: {},
    });
    expect(refused.statusCode).toBe(403);
    const reset = await ctx.adminOk('POST', `/api/v1/players/${userId}/chests/pity/reset`, {});
    expect(reset.reset).toBe(1);
    gold = (await disclosed(userId)).chests.find((c) => c.kind === 'gold_treasure_chest');
    expect(gold.pity.counter).toBe(0);
    const rows = await ctx.database.db
      .select({ target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.action, 'resetChestPity'));
    expect(rows.map((r) => r.target)).toContain(`player:${userId}`);
  });
});
