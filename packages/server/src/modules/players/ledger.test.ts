import { initialPlayerState } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { RedemptionQueue, redeemGiftCode } from '../giftcodes/redeem.js';
import { checkLedger, findLedgerDrift, recordLedger } from './ledger.js';
import { applyRewards } from './service.js';
import { players, resourceLedger } from './tables.js';
import { takeBackResources } from './take-back.js';

/** The resource ledger (issue 42 item 6): every source writes rows; sums equal balances; drift is found. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
let n = 0;

async function login(socialId?: string) {
  n += 1;
  const deviceId = `ledger-dev-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await ctx.game('POST', '/api/game/v1/players/login', {
    body: {
      deviceId,
      ...(socialId ? { socialId } : {}),
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.3.0',
      language: 'en',
      country: 'US',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { userId: data.userId as number, sessionEpoch: data.sessionEpoch as number, deviceId };
}

async function current(userId: number) {
  const [p] = await ctx.database.db.select().from(players).where(eq(players.id, userId));
  return p;
}

async function save(userId: number, change: (r: Record<string, number>) => void) {
  const p = await current(userId);
  const state = structuredClone(p.state);
  change(state.resources as Record<string, number>);
  const res = await ctx.game('PUT', `/api/game/v1/players/${userId}/save`, {
    body: { saveCount: p.saveCount + 1, state, sessionEpoch: p.sessionEpoch },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Per resource: the ledger's sum and the balance, for one player. */
async function sumsAndBalances(userId: number) {
  const rows = (await ctx.database.db.execute(
    sql`select kind, sum(delta)::float8 as s from resource_ledger where user_id = ${userId} group by kind`,
  )) as unknown as { rows: { kind: string; s: number }[] };
  const sums = Object.fromEntries(rows.rows.filter((r) => r.s !== 0).map((r) => [r.kind, r.s]));
  const p = await current(userId);
  const balances = Object.fromEntries(
    Object.entries(p.state.resources as Record<string, number>).filter(([, v]) => v !== 0),
  );
  return { sums, balances };
}

const sourcesOf = async (userId: number) =>
  new Set(
    (
      await ctx.database.db
        .select({ source: resourceLedger.source })
        .from(resourceLedger)
        .where(eq(resourceLedger.userId, userId))
    ).map((r) => r.source),
  );

describe('resource ledger', () => {
  it('ledger sums equal balances after a mixed sequence of every source', async () => {
    const social = `ledger-social-${Date.now()}`;
    const a = await login(social);
    const b = await login();
    // Game saves: the game spends and earns.
    await save(a.userId, (r) => {
      r.coin += 1234;
      r.gem -= 20;
      r.cookie = 7;
    });
    // A mail claim.
    const mail = await ctx.call('POST', '/api/v1/email', {
      token: ctx.adminToken,
      body: {
        title: { 'zh-CN': '奖励', 'en-US': 'Reward' },
        content: { 'zh-CN': '内容', 'en-US': 'Body' },
        expireAt: inHours(24),
        mailScope: 'personal',
        userIdInput: `${a.userId}`,
        reward: [
          { kind: 'coin', amount: 5 },
          { kind: 'heart', amount: 2 },
        ],
      },
    });
    expect(mail.statusCode, mail.body).toBe(200);
    const claim = await ctx.game('POST', `/api/game/v1/players/${a.userId}/mails/${mail.json().data.id}/claim`);
    expect(claim.statusCode, claim.body).toBe(200);
    // A gift code.
    const batch = await ctx.call('POST', '/api/v1/giftcode/batches', {
      token: ctx.adminToken,
      body: {
        name: 'ledger batch',
        kind: 'shared',
        code: `Ledger0${Date.now() % 100000}x`,
        totalLimit: 10,
        rewards: [{ kind: 'gem', amount: 50 }],
        startAt: inHours(-1),
        endAt: inHours(24),
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const redeemed = await ctx.game('POST', `/api/game/v1/players/${a.userId}/gift-codes/redeem`, {
      body: { code: batch.json().data.code, playerIp: '10.9.9.9' },
    });
    expect(redeemed.json().data.status, redeemed.body).toBe('redeemed');
    // A purchase delivered through the one reward path.
    await ctx.database.db.transaction((tx) =>
      applyRewards(tx, a.userId, [{ kind: 'gem', amount: 300 }], { type: 'purchase', id: 'order-77' }, ctx.clock.now()),
    );
    // A store refund taking back what that purchase granted (the refund's take-back path): a part
    // of it, so the balance stays above zero and the ledger must still add up.
    await ctx.database.db.transaction((tx) =>
      takeBackResources(tx, a.userId, [{ kind: 'gem', amount: 120 }], { type: 'refund', id: 77 }, ctx.clock.now()),
    );
    // Console actions: deduct, remove items, restore a snapshot, copy, clear, migrate.
    const ok = async (url: string, body: unknown) => {
      const res = await ctx.admin('POST', url, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await ok('/api/v1/game-users/deduct', { userId: a.userId, items: [{ kind: 'coin', amount: 100 }], reason: 'test' });
    await ok('/api/v1/game-users/remove-items', { userId: a.userId, kinds: ['cookie'], reason: 'test' });
    const snaps = await ctx.admin('GET', `/api/v1/game-users/snapshots?userId=${a.userId}&pageSize=50`);
    const oldest = snaps.json().data.list.at(-1);
    await ok(`/api/v1/game-users/snapshots/${oldest.id}/restore`, { reason: 'test' });
    await save(a.userId, (r) => {
      r.coin += 10;
    });
    await ok('/api/v1/game-users/copy', { fromUserId: a.userId, toUserId: b.userId, reason: 'test' });
    await ok('/api/v1/game-users/clear', { userId: b.userId, reason: 'test' });
    await ok('/api/v1/game-users/copy', { fromUserId: a.userId, toUserId: b.userId, reason: 'test' });
    const c = await login();
    await ok('/api/v1/game-users/migrate', { fromUserId: a.userId, toUserId: c.userId, reason: 'test' });

    for (const p of [a, b, c]) {
      const { sums, balances } = await sumsAndBalances(p.userId);
      expect(sums, `player ${p.userId}`).toEqual(balances);
    }
    expect([...(await sourcesOf(a.userId))].sort()).toEqual(
      [
        'newPlayer',
        'gameSave',
        'mail',
        'giftCode',
        'purchase',
        'refund',
        'deductResources',
        'removeItems',
        'restoreSnapshot',
        'copyAccount',
        'migrateAccount',
      ]
        .filter((s) => s !== 'copyAccount')
        .sort(),
    );
    expect([...(await sourcesOf(b.userId))].sort()).toEqual(['clearPlayerData', 'copyAccount', 'newPlayer']);
    // The purchase row names its order; the balance after is the player's amount then.
    const [purchase] = await ctx.database.db
      .select()
      .from(resourceLedger)
      .where(sql`${resourceLedger.userId} = ${a.userId} and ${resourceLedger.source} = 'purchase'`);
    expect(purchase).toMatchObject({ kind: 'gem', delta: 300, sourceId: 'order-77' });
    const [refund] = await ctx.database.db
      .select()
      .from(resourceLedger)
      .where(sql`${resourceLedger.userId} = ${a.userId} and ${resourceLedger.source} = 'refund'`);
    expect(refund).toMatchObject({ kind: 'gem', delta: -120, sourceId: '77' });
    // Today's check over everyone this file changed finds nothing.
    const found = await findLedgerDrift(ctx.database.db, ctx.clock.now());
    expect(found.checkedPlayers).toBeGreaterThanOrEqual(3);
    expect(found.drift).toEqual([]);
  });

  it('gift codes redeemed together in one statement write each player their ledger row', async () => {
    const batch = await ctx.call('POST', '/api/v1/giftcode/batches', {
      token: ctx.adminToken,
      body: {
        name: 'ledger joint batch',
        kind: 'shared',
        code: `Joint0${Date.now() % 100000}x`,
        totalLimit: 6,
        rewards: [
          { kind: 'gem', amount: 5 },
          { kind: 'coin', amount: 9 },
        ],
        startAt: inHours(-1),
        endAt: inHours(24),
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const queue = new RedemptionQueue(ctx.database.db, 1);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await login()).userId);
    const answers = await Promise.all(
      ids.map((userId) =>
        redeemGiftCode(
          ctx.database.db,
          { userId, code: batch.json().data.code, locale: 'en-US', now: ctx.clock.now(), dryRun: false },
          queue,
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 'redeemed')).toHaveLength(6);
    expect(queue.sent.statements).toBeLessThan(8);
    const rows = await ctx.database.db
      .select()
      .from(resourceLedger)
      .where(
        sql`${resourceLedger.source} = 'giftCode' and ${resourceLedger.sourceId} = ${String(batch.json().data.id)}`,
      );
    expect(rows).toHaveLength(12);
    for (const userId of ids) {
      const { sums, balances } = await sumsAndBalances(userId);
      expect(sums, `player ${userId}`).toEqual(balances);
    }
  });

  it('the daily job finds a planted drift and reports it on the jobs page and in /metrics', async () => {
    const p = await login();
    await save(p.userId, (r) => {
      r.coin += 1;
    });
    // A writer that bypasses the ledger: 999 gems out of nowhere.
    await ctx.database.db.execute(
      sql`update players set state = jsonb_set(state, '{resources,gem}', to_jsonb(((state->'resources'->>'gem')::int + 999)))
        where id = ${p.userId}`,
    );
    const now = ctx.clock.now();
    const result = await checkLedger(ctx.database.db, now, now);
    expect(result.driftPlayers).toBe(1);
    const gem = initialPlayerState().resources.gem!;
    expect(result.drift).toEqual([{ userId: p.userId, kind: 'gem', balance: gem + 999, ledger: gem }]);
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/rookery_ledger_drift_players 1\b/);
    expect(metrics.body).toMatch(/rookery_ledger_drift_amount\{resource="gem"\} 999\b/);
    // The job, run by the queue: its result (the drift) is what the jobs page shows.
    const { ledgerCheckJob } = await import('./ledger.js');
    const jobId = await ctx.database.db.transaction((tx) =>
      ctx.app.jobs.enqueue(
        tx,
        ledgerCheckJob,
        { day: now.toISOString() },
        { actorId: null, actor: null, action: 'test' },
      ),
    );
    const listed = async () => {
      const res = await ctx.admin('GET', '/api/v1/system/jobs?name=players.ledgerCheck&pageSize=50');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as { id: string; state: string; result: any }[]).find((j) => j.id === jobId);
    };
    await expect.poll(async () => (await listed())?.state, { timeout: 30_000, interval: 250 }).toBe('completed');
    const shown = await listed();
    expect(shown?.result).toMatchObject({ driftPlayers: 1, drift: [{ userId: p.userId, kind: 'gem' }] });
    // Repaired through the ledger's write API, the next check is clean.
    const before = (await current(p.userId)).state.resources;
    await recordLedger(
      ctx.database.db,
      p.userId,
      { gem: gem },
      { gem: before.gem },
      { type: 'rewards', id: 'repair' },
      now,
    );
    expect((await findLedgerDrift(ctx.database.db, now)).drift).toEqual([]);
  });

  it('the player tab lists rows newest first, filtered and keyset paged', async () => {
    const p = await login();
    for (let i = 1; i <= 3; i++)
      await save(p.userId, (r) => {
        r.coin += i;
      });
    const page = async (q: string) => {
      const res = await ctx.admin('GET', `/api/v1/users/ledger?userId=${p.userId}&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: { delta: number; source: string; kind: string }[]; nextCursor: string | null };
    };
    const first = await page('source=gameSave&kind=coin&pageSize=2');
    expect(first.list.map((r) => r.delta)).toEqual([3, 2]);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`source=gameSave&kind=coin&pageSize=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.list.map((r) => r.delta)).toEqual([1]);
    expect(second.nextCursor).toBeNull();
    const opening = await page('source=newPlayer');
    expect(opening.list.length).toBe(Object.values(initialPlayerState().resources).filter((v) => v).length);
    const bad = await ctx.admin('GET', `/api/v1/users/ledger?userId=${p.userId}&source=nope`);
    expect(bad.statusCode).toBe(400);
    const window = await ctx.admin(
      'GET',
      `/api/v1/users/ledger?userId=${p.userId}&start=2026-01-02T00:00:00Z&end=2026-01-01T00:00:00Z`,
    );
    expect(window.statusCode).toBe(400);
    expect(window.json().msg).toBeTruthy();
  });
});
