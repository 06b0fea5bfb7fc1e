import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeTestReceipt } from '../orders/validators/test-validator.js';
import { claimQueue, mailSeasonEnd, seasonsToMail } from './service.js';

/**
 * The battle pass through the console and the game API (issue 43 item 1): XP from game events up
 * to the daily cap, claims once, premium bought through the orders area, the season window, the
 * season-end mail once, the operators' grant and reset.
 */

let ctx: TestContext;
const T0 = new Date('2026-06-01T10:00:00Z');
const day = 86_400_000;
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();
const S = '/api/v1/battle-pass/seasons';
let nextPlayer = 90_000;
let nextTx = 0;
let premiumItem = 0;

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

async function player() {
  nextPlayer += 1;
  await ctx.database.db.execute(
    sql`insert into players (id, state, os, country, first_login_at, updated_at) values (${nextPlayer}, '{}'::jsonb, 'ios', 'US', now(), now())`,
  );
  return nextPlayer;
}
const gems = async (userId: number) =>
  Number(
    (
      await rowsOf(
        sql`select coalesce((state->'resources'->>'gem')::numeric, 0) as g from players where id = ${userId}`,
      )
    )[0]!.g,
  );

const levels = [
  { xp: 0, free: [{ kind: 'gem', amount: 1 }], premium: [{ kind: 'gem', amount: 100 }] },
  { xp: 100, free: [{ kind: 'gem', amount: 10 }], premium: [{ kind: 'gem', amount: 1000 }] },
  { xp: 250, free: [{ kind: 'gem', amount: 20 }], premium: [] },
];
const seasonBody = (over: Record<string, unknown> = {}) => ({
  pass: 'main',
  name: 'Season 1',
  startAt: at(-day),
  endAt: at(10 * day),
  premiumProductId: premiumItem,
  levels,
  xpSources: [
    { event: 'match_won', xp: 40, dailyCap: 120 },
    { event: 'quest_done', xp: 30, dailyCap: 1000 },
  ],
  mailUnclaimed: true,
  ...over,
});
let season: { id: number };

const events = (userId: number, ...names: string[]) =>
  ctx.game('POST', `/api/game/v1/players/${userId}/events`, { body: { events: names.map((name) => ({ name })) } });
const view = async (userId: number) => (await ctx.gameRead(`/api/game/v1/players/${userId}/battle-pass`)).data;
const claim = (userId: number, level: unknown, track: unknown) =>
  ctx.game('POST', `/api/game/v1/players/${userId}/battle-pass/claim`, { body: { level, track } });

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(T0);
  await ctx.adminOk('POST', '/api/v1/resources/priceLevel', {
    name: 'bp_ios',
    tier: 'bp',
    platform: 'ios',
    sku: 'com.r.pass',
    prices: [{ currency: 'USD', amount: 9.99 }],
  });
  premiumItem = (
    await ctx.adminOk('POST', '/api/v1/purchase', {
      title: 'Premium pass',
      priceLevel: 'bp',
      consumingType: 'consumable',
      rewards: [{ kind: 'gem', amount: 1 }],
    })
  ).id;
  season = await ctx.adminOk('POST', S, seasonBody());
});
afterAll(() => ctx?.close());

describe('seasons in the console', () => {
  it('refuses bad input with field messages in the operator language and saves nothing', async () => {
    const count = async () => (await ctx.adminOk('GET', S)).list.length;
    const before = await count();
    const fields = async (body: unknown, locale = 'en-US') => {
      const res = await ctx.admin('POST', S, body, locale);
      expect(res.statusCode, res.body).toBe(400);
      return Object.fromEntries(
        (res.json().errors as { field: string; message: string }[]).map((f) => [f.field, f.message]),
      );
    };
    const decreasing = await fields(
      seasonBody({ pass: 'other', levels: [levels[0], { ...levels[1], xp: 0 }], xpSources: [] }),
    );
    expect(decreasing['levels.1.xp']).toBe('Each level needs more XP than the level before it');
    const noProduct = await fields(seasonBody({ pass: 'other', premiumProductId: '' }), 'zh-CN');
    expect(noProduct['levels.0.premium']).toBe('有高级奖励时必须选择解锁高级通行证的内购商品');
    const badEvent = await fields(
      seasonBody({ pass: 'other', xpSources: [{ event: 'no spaces!', xp: 1, dailyCap: 1 }] }),
    );
    expect(badEvent['xpSources.0.event']).toBeTruthy();
    const overlap = await fields(seasonBody({ name: 'Season 2', startAt: at(5 * day), endAt: at(20 * day) }));
    expect(overlap.startAt).toBe('This window overlaps another season of the same pass');
    const unknownProduct = await fields(seasonBody({ pass: 'other', premiumProductId: 999_999 }));
    expect(unknownProduct.premiumProductId).toBeTruthy();
    expect(await count()).toBe(before);
  });
});

describe('the game API', () => {
  it('XP from events moves levels and stops at the daily cap; the next UTC day counts again', async () => {
    const p = await player();
    expect((await view(p)).level).toBe(1);
    expect((await events(p, 'match_won', 'match_won')).statusCode).toBe(200);
    let v = await view(p);
    expect(v).toMatchObject({ xp: 80, level: 1 });
    await events(p, 'match_won', 'match_won', 'unrelated_event');
    v = await view(p);
    expect(v).toMatchObject({ xp: 120, level: 2 }); // capped at 120 for match_won today
    await events(p, 'match_won');
    expect((await view(p)).xp).toBe(120);
    await events(p, 'quest_done');
    expect((await view(p)).xp).toBe(150);
    ctx.clock.set(new Date(T0.getTime() + day));
    await events(p, 'match_won', 'match_won', 'match_won', 'match_won');
    expect(await view(p)).toMatchObject({ xp: 270, level: 3 });
    ctx.clock.set(T0);
  });

  it('answers 304 while unchanged and a new tag after a change', async () => {
    const p = await player();
    const first = await ctx.gameRead(`/api/game/v1/players/${p}/battle-pass`);
    expect((await ctx.gameRead(`/api/game/v1/players/${p}/battle-pass`, first.etag)).status).toBe(304);
    await events(p, 'quest_done');
    const again = await ctx.gameRead(`/api/game/v1/players/${p}/battle-pass`, first.etag);
    expect(again.status).toBe(200);
    expect(again.data.xp).toBe(30);
  });

  it('a claim twice in a row grants once; refusals each have their reason', async () => {
    const p = await player();
    const first = await claim(p, 1, 'free');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      level: 1,
      track: 'free',
      duplicate: false,
      rewards: [{ kind: 'gem', amount: 1 }],
    });
    const second = await claim(p, 1, 'free');
    expect(second.json().data).toMatchObject({ level: 1, duplicate: true, claimedAt: first.json().data.claimedAt });
    expect(await gems(p)).toBe(1);
    expect((await view(p)).levels[0].free).toMatchObject({ claimed: true, claimable: false });
    const above = await claim(p, 2, 'free');
    expect([above.statusCode, above.json().msg]).toEqual([409, 'The player has not reached this level']);
    const premium = await claim(p, 1, 'premium');
    expect([premium.statusCode, premium.json().msg]).toEqual([403, 'The player does not hold the premium pass']);
    expect((await claim(p, 9, 'free')).statusCode).toBe(404);
    expect((await claim(p, 1, 'gold')).statusCode).toBe(400);
    expect((await claim(p, 'x', 'free')).statusCode).toBe(400);
    const ledger = await rowsOf(sql`select count(*)::int as n from player_events where user_id = ${p}`);
    expect(ledger[0]!.n).toBeGreaterThan(0);
    expect(await gems(p)).toBe(1);
  });

  it('20 claims of one level at once grant once', async () => {
    const p = await player();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(p, 1, 'free')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.json().data.duplicate)).toHaveLength(1);
    expect(await gems(p)).toBe(1);
  });

  it('claims of several players at once share a statement; each gets their own grant or refusal', async () => {
    const ps: number[] = [];
    for (let i = 0; i < 8; i++) ps.push(await player());
    const answers = await Promise.all([
      ...ps.map((p) => claim(p, 1, 'free')),
      claim(ps[0], 1, 'premium'),
      claim(99_999_999, 1, 'free'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([...ps.map(() => 200), 403, 404]);
    for (const [i, p] of ps.entries()) {
      expect(answers[i].json().data).toMatchObject({ level: 1, track: 'free', duplicate: false });
      expect(await gems(p)).toBe(1);
    }
    const rows = await rowsOf(
      sql`select count(*)::int as n from battle_pass_claims where user_id in (${sql.join(ps, sql`, `)})`,
    );
    expect(rows[0]!.n).toBe(8);
    // The queue the game API uses, watched: eight claims together travel in fewer batches.
    const queue = claimQueue(ctx.database.db, ctx.database.kind, () => ctx.clock.now());
    const again = await Promise.all(
      ps.map((userId) => queue.submit({ userId, pass: 'main', level: 1, track: 'free' })),
    );
    expect(again.every((a) => a.duplicate)).toBe(true);
    expect(queue.sent.items).toBe(8);
    expect(queue.sent.batches).toBeLessThan(8);
    for (const p of ps) expect(await gems(p)).toBe(1);
  });

  it('premium is refused without the pass and granted after buying it through orders', async () => {
    const p = await player();
    expect((await claim(p, 1, 'premium')).statusCode).toBe(403);
    const bought = await ctx.game('POST', `/api/game/v1/players/${p}/purchases`, {
      body: {
        platform: 'test',
        productId: String(premiumItem),
        receipt: makeTestReceipt({
          transactionId: `bp-${++nextTx}`,
          sku: 'com.r.pass',
          price: '9.99',
          currency: 'USD',
          purchasedAt: T0.toISOString(),
          userId: p,
        }),
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.state).toBe('delivered');
    expect((await view(p)).premium).toBe(true);
    const granted = await claim(p, 1, 'premium');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await gems(p)).toBe(1 + 100); // the item's own gem, then the premium reward
  });

  it('operators see the progress, grant XP and reset, visible to the game at once', async () => {
    const p = await player();
    const granted = await ctx.adminOk('POST', `/api/v1/battle-pass/players/${p}/xp`, { seasonId: season.id, xp: 260 });
    expect(granted).toMatchObject({ xp: 260, level: 3 });
    expect((await view(p)).level).toBe(3);
    await claim(p, 2, 'free');
    const list = (await ctx.adminOk('GET', `/api/v1/battle-pass/players/${p}`)).list;
    expect(list[0]).toMatchObject({ seasonId: season.id, xp: 260, claims: [{ level: 2, track: 'free' }] });
    const reset = await ctx.adminOk('POST', `/api/v1/battle-pass/players/${p}/reset`, { seasonId: season.id });
    expect(reset).toMatchObject({ xp: 0, level: 1, claims: [] });
    expect((await view(p)).xp).toBe(0);
    const audit = await rowsOf(sql`select action from audit_log where action like '%BattlePass%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['grantBattlePassXp', 'resetBattlePassProgress']),
    );
  });

  it('refuses without a session (401), without the permission (403) and without the game key (401); nothing changes', async () => {
    const p = await player();
    // A viewer of seasons and progress may read, not change; one with seasons only reads no progress.
    const viewer = await ctx.userWithPermissions('bpViewer', ['iapGiftConfigQuery', 'battlePassProgressQuery']);
    const seasonsOnly = await ctx.userWithPermissions('bpSeasons', ['iapGiftConfigQuery']);
    const before = await ctx.fingerprint();
    // No session.
    expect((await ctx.call('POST', S, { body: seasonBody({ name: 'x' }) })).statusCode).toBe(401);
    expect((await ctx.call('GET', `/api/v1/battle-pass/players/${p}`)).statusCode).toBe(401);
    const as = (method: string, url: string, body?: unknown) => ctx.call(method, url, { token: viewer.token, body });
    expect((await as('GET', S)).statusCode).toBe(200);
    expect((await as('GET', `/api/v1/battle-pass/players/${p}`)).statusCode).toBe(200);
    expect((await as('POST', S, seasonBody({ name: 'Season by a viewer' }))).statusCode).toBe(403);
    expect((await as('PUT', `${S}/${season.id}`, seasonBody())).statusCode).toBe(403);
    expect((await as('POST', `/api/v1/battle-pass/players/${p}/xp`, { seasonId: season.id, xp: 10 })).statusCode).toBe(
      403,
    );
    expect((await as('POST', `/api/v1/battle-pass/players/${p}/reset`, { seasonId: season.id })).statusCode).toBe(403);
    const progress = await ctx.call('GET', `/api/v1/battle-pass/players/${p}`, { token: seasonsOnly.token });
    expect(progress.statusCode).toBe(403);
    // The game API without its key, or with a wrong one.
    const claimBody = { level: 1, track: 'free' };
    expect(
      (await ctx.call('POST', `/api/game/v1/players/${p}/battle-pass/claim`, { body: claimBody })).statusCode,
    ).toBe(401);
    const wrongKey = await ctx.game('POST', `/api/game/v1/players/${p}/battle-pass/claim`, {
      body: claimBody,
      headers: { 'x-game-key': 'not-the-key' },
    });
    expect(wrongKey.statusCode).toBe(401);
    // A console session is not a game key.
    const asConsole = await ctx.call('GET', `/api/game/v1/players/${p}/battle-pass`, { token: ctx.adminToken });
    expect(asConsole.statusCode).toBe(401);
    // Malformed game input: 400 with its reason, never 500; a level that does not exist is 404.
    for (const body of [
      {},
      { level: 'one', track: 'free' },
      { level: 1, track: 'gold' },
      { level: 1.5, track: 'free' },
    ]) {
      const bad = await ctx.game('POST', `/api/game/v1/players/${p}/battle-pass/claim`, { body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().msg).toBeTruthy();
    }
    const noLevel = await ctx.game('POST', `/api/game/v1/players/${p}/battle-pass/claim`, {
      body: { level: -1, track: 'free' },
    });
    expect(noLevel.statusCode).toBe(404);
    expect(noLevel.json().msg).toBeTruthy();
    // The seasons, progress, claims, players and the audit log did not change.
    const after = await ctx.fingerprint();
    const kept = [
      'battle_pass_seasons',
      'battle_pass_progress',
      'battle_pass_daily_xp',
      'battle_pass_claims',
      'players',
      'audit_log',
    ];
    for (const table of kept) {
      expect(before[table], table).toBeDefined();
      expect(after[table], table).toBe(before[table]);
    }
  });

  it('holds the season window, and mails the unclaimed free rewards at its end once', async () => {
    const p = await player();
    await ctx.adminOk('POST', `/api/v1/battle-pass/players/${p}/xp`, { seasonId: season.id, xp: 100 });
    await claim(p, 1, 'free');
    ctx.clock.set(new Date(T0.getTime() + 11 * day));
    try {
      expect((await view(p)).season).toBeNull();
      const closed = await claim(p, 2, 'free');
      expect([closed.statusCode, closed.json().msg]).toEqual([409, 'No season is running now']);
      const now = ctx.clock.now();
      const ids = await seasonsToMail(ctx.database.db, now);
      expect(ids).toContain(season.id);
      const run = () => ctx.database.db.transaction((tx) => mailSeasonEnd(tx, season.id, now));
      const [a, b] = await Promise.all([run(), run()]);
      expect([a, b].filter((n) => n !== null)).toHaveLength(1);
      expect(await run()).toBeNull();
      const mails = await rowsOf(
        sql`select m.reward from mails m join player_mails r on r.mail_id = m.id where r.user_id = ${p}`,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.reward).toEqual([{ kind: 'gem', amount: 10 }]);
    } finally {
      ctx.clock.set(T0);
    }
  });
});
