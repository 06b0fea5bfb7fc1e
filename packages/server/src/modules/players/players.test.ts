import { initialPlayerState, type PlayerState } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { loginPlayer } from './game.js';
import { pruneRoutineEvents, ROUTINE_EVENT_DAYS } from './housekeeping.js';
import { applyRewards, findPlayer, isBlacklisted, markPayer, playerAttributes } from './service.js';
import { playerEvents, players } from './tables.js';

/** Every console action is proven through the game API: what the game sees after it. */

let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function game(method: string, url: string, body?: unknown) {
  const res = await ctx.game(method, url, { body });
  return { status: res.statusCode, body: res.json() };
}

const device = () => {
  n += 1;
  return `dev-${n}-${Math.random().toString(36).slice(2, 8)}`;
};

async function login(extra: { deviceId?: string; socialId?: string } = {}) {
  return game('POST', '/api/game/v1/players/login', {
    deviceId: extra.deviceId ?? device(),
    ...(extra.socialId ? { socialId: extra.socialId } : {}),
    deviceModel: 'iPhone15,2',
    os: 'ios',
    appVersion: '1.3.0',
    language: 'en',
    country: 'US',
  });
}

/** A logged-in player with a saved state. */
async function newPlayer(state: Partial<PlayerState> = {}, socialId?: string) {
  const deviceId = device();
  const res = await login({ deviceId, socialId });
  expect(res.status).toBe(200);
  const { userId, sessionEpoch } = res.body.data;
  const full = { ...initialPlayerState(), ...state };
  const saved = await game('PUT', `/api/game/v1/players/${userId}/save`, {
    saveCount: 1,
    state: full,
    sessionEpoch,
    deviceId,
  });
  expect(saved.status).toBe(200);
  return { userId: userId as number, deviceId, state: full };
}

const loadGame = (userId: number) => game('GET', `/api/game/v1/players/${userId}`);
const admin = (method: string, url: string, body?: unknown) => ctx.call(method, url, { token: ctx.adminToken, body });

describe('game API: login, load, save', () => {
  it('creates a player on first login with the initial state, finds them again by device and by social ID', async () => {
    const deviceId = device();
    const first = await login({ deviceId });
    expect(first.status).toBe(200);
    expect(first.body.data.state).toEqual(initialPlayerState());
    expect(first.body.data.saveCount).toBe(0);
    expect(first.body.data.chatBannedUntil).toBeNull();
    const again = await login({ deviceId });
    expect(again.body.data.userId).toBe(first.body.data.userId);

    const social = `g-${device()}`;
    const a = await login({ socialId: social });
    const b = await login({ socialId: social, deviceId: device() });
    expect(b.body.data.userId).toBe(a.body.data.userId);
    expect(a.body.data.userId).not.toBe(first.body.data.userId);
  });

  it("an existing player's login commits without waiting for the WAL flush; a first login waits", async () => {
    const input = {
      deviceId: device(),
      deviceModel: 'm',
      os: 'ios',
      appVersion: '1.0.0',
      language: 'en',
      country: 'US',
    };
    const setting = (tx: Db) =>
      tx
        .execute(sql`select current_setting('synchronous_commit') as v`)
        .then((r) => (r as unknown as { rows: { v: string }[] }).rows[0].v);
    const first = await ctx.database.db.transaction(async (tx) => {
      await loginPlayer({ db: tx }, input, ctx.clock.now());
      return setting(tx);
    });
    const again = await ctx.database.db.transaction(async (tx) => {
      await loginPlayer({ db: tx }, input, ctx.clock.now());
      return setting(tx);
    });
    expect([first, again]).toEqual(['on', 'off']);
  });

  it('two first logins of one device at once make one player', async () => {
    const deviceId = device();
    const [a, b] = await Promise.all([login({ deviceId }), login({ deviceId })]);
    expect(a.body.data.userId).toBe(b.body.data.userId);
  });

  it("a guest who signs in with a social ID for the first time keeps the guest's save", async () => {
    const deviceId = device();
    const guest = await login({ deviceId });
    const { userId, sessionEpoch } = guest.body.data;
    const state = { ...initialPlayerState(), questIndex: 42 };
    await game('PUT', `/api/game/v1/players/${userId}/save`, { saveCount: 1, state, sessionEpoch, deviceId });
    const socialId = `social-${deviceId}`;
    const linked = await login({ deviceId, socialId });
    expect(linked.body.data.userId).toBe(userId);
    expect(linked.body.data.state.questIndex).toBe(42);
    // The social ID now finds the same save from another device.
    const elsewhere = await login({ socialId });
    expect(elsewhere.body.data.userId).toBe(userId);
    // A second social account on that device does not take over the linked player.
    const other = await login({ deviceId, socialId: `${socialId}-other` });
    expect(other.body.data.userId).not.toBe(userId);
  });

  it('saves advance the save count; a stale save is 409 and changes nothing', async () => {
    const p = await newPlayer({ questIndex: 3 });
    const loaded = await loadGame(p.userId);
    expect(loaded.body.data.state.questIndex).toBe(3);
    expect(loaded.body.data.saveCount).toBe(1);
    const stale = await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 1,
      state: { ...p.state, questIndex: 9 },
      sessionEpoch: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain('save count 1');
    expect((await loadGame(p.userId)).body.data.state.questIndex).toBe(3);
  });

  it('refuses a state the catalogue does not allow', async () => {
    const p = await newPlayer();
    const bad = await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 2,
      state: { ...p.state, resources: { gem: -1, dragon: 3 } },
      sessionEpoch: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['state.resources.gem', 'state.resources']),
    );
    expect((await loadGame(p.userId)).body.data.saveCount).toBe(1);
  });

  it('an unknown player is 404', async () => {
    expect((await loadGame(987654321)).status).toBe(404);
  });
});

describe('console actions, seen through the game API', () => {
  it('freeze refuses login with reason and end time; unfreeze lets the player back', async () => {
    const p = await newPlayer();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const frozen = await admin('POST', '/api/v1/game-users/freeze', {
      userIds: [p.userId],
      reason: 'cheating',
      until,
    });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().data.players[0].status).toBe('frozen');
    const refused = await login({ deviceId: p.deviceId });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('cheating');
    expect(refused.body.msg).toContain(until);
    expect((await loadGame(p.userId)).status).toBe(403);

    const list = await admin('GET', `/api/v1/game-users/frozen?userId=${p.userId}`);
    expect(list.json().data.list.map((r: { userId: number }) => r.userId)).toEqual([p.userId]);
    // The ban list says who froze the player and when.
    const [row] = list.json().data.list;
    expect(row.frozenBy).toBe('admin');
    expect(Date.now() - Date.parse(row.frozenAt)).toBeLessThan(60_000);

    expect((await admin('POST', '/api/v1/game-users/unfreeze', { userIds: `${p.userId}` })).statusCode).toBe(200);
    const back = await login({ deviceId: p.deviceId });
    expect(back.status).toBe(200);
    expect(back.body.data.userId).toBe(p.userId);
  });

  it('a freeze whose end passed lets the player in and is cleared', async () => {
    const p = await newPlayer();
    await ctx.database.db
      .update(players)
      .set({ status: 'frozen', frozenReason: 'old', frozenUntil: new Date(Date.now() - 1000) })
      .where(eq(players.id, p.userId));
    const res = await login({ deviceId: p.deviceId });
    expect(res.status).toBe(200);
    const [row] = await ctx.database.db.select().from(players).where(eq(players.id, p.userId));
    expect([row.status, row.frozenReason, row.frozenUntil]).toEqual(['normal', null, null]);
  });

  it('a permanent freeze says so', async () => {
    const p = await newPlayer();
    await admin('POST', '/api/v1/game-users/freeze', { userIds: [p.userId], reason: 'fraud' });
    const refused = await login({ deviceId: p.deviceId });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This account is frozen permanently. Reason: fraud');
  });

  it('takes at most 25 IDs, with a clear message in both languages, and changes nothing', async () => {
    const ids = Array.from({ length: 26 }, (_, i) => i + 1);
    const before = await ctx.fingerprint();
    const en = await admin('POST', '/api/v1/game-users/freeze', { userIds: ids, reason: 'x' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toContainEqual({ field: 'userIds', message: 'At most 25 accounts at once' });
    const zh = await ctx.call('POST', '/api/v1/game-users/freeze', {
      token: ctx.adminToken,
      locale: 'zh-CN',
      body: { userIds: ids.join('\n'), reason: 'x' },
    });
    expect(zh.json().errors).toContainEqual({ field: 'userIds', message: '一次最多操作 25 个账号' });
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('an unknown user ID in a batch refuses the whole batch', async () => {
    const p = await newPlayer();
    const res = await admin('POST', '/api/v1/game-users/freeze', { userIds: [p.userId, 99999999], reason: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('99999999');
    expect((await login({ deviceId: p.deviceId })).status).toBe(200);
  });

  it('a banned device cannot log in; lifting the ban lets it', async () => {
    const p = await newPlayer();
    const ban = await admin('POST', '/api/v1/game-users/device-bans', {
      deviceIds: [p.deviceId],
      reason: 'emulator farm',
    });
    expect(ban.statusCode).toBe(200);
    expect(ban.json().data.bans[0].userIds).toEqual([p.userId]);
    const refused = await login({ deviceId: p.deviceId });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('emulator farm');
    const listed = await admin('GET', `/api/v1/game-users/device-bans?deviceId=${p.deviceId}`);
    expect(listed.json().data.pagination.total).toBe(1);
    await admin('POST', '/api/v1/game-users/device-bans/remove', { deviceIds: [p.deviceId] });
    expect((await login({ deviceId: p.deviceId })).status).toBe(200);
  });

  it('clear puts the initial state back and makes the game reload', async () => {
    const p = await newPlayer({ achievementLevel: 12, resources: { gem: 900 } });
    const res = await admin('POST', '/api/v1/game-users/clear', { userId: p.userId, reason: 'player asked' });
    expect(res.statusCode).toBe(200);
    const loaded = await loadGame(p.userId);
    expect(loaded.body.data.state).toEqual(initialPlayerState());
    const stale = await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 2,
      state: p.state,
      sessionEpoch: 0,
    });
    expect(stale.status).toBe(409);
  });

  it('copy shows a side-by-side preview, then makes B equal A', async () => {
    const a = await newPlayer({ totalPenguins: 40, resources: { gem: 123, penguin_king: 4 } });
    const b = await newPlayer({ totalPenguins: 2 });
    const preview = await admin('GET', `/api/v1/game-users/copy/preview?fromUserId=${a.userId}&toUserId=${b.userId}`);
    expect(preview.statusCode).toBe(200);
    const pv = preview.json().data;
    expect(pv.to.before.state.totalPenguins).toBe(2);
    expect(pv.to.after.state).toEqual(a.state);
    expect(pv.from.after.state).toEqual(a.state);
    expect((await loadGame(b.userId)).body.data.state.totalPenguins).toBe(2);

    const done = await admin('POST', '/api/v1/game-users/copy', { fromUserId: a.userId, toUserId: b.userId });
    expect(done.statusCode).toBe(200);
    expect((await loadGame(b.userId)).body.data.state).toEqual(a.state);
    expect((await loadGame(a.userId)).body.data.state).toEqual(a.state);
  });

  it('copy onto itself is refused', async () => {
    const a = await newPlayer();
    const res = await admin('POST', '/api/v1/game-users/copy', { fromUserId: a.userId, toUserId: a.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'toUserId', message: 'The source and target accounts must differ' });
  });

  it('migrate moves the social ID and the save: the social ID logs in to the moved save', async () => {
    const social = `fb-${device()}`;
    const a = await newPlayer({ achievementLevel: 30, resources: { gem: 777 } }, social);
    const b = await newPlayer();
    const preview = await admin(
      'GET',
      `/api/v1/game-users/migrate/preview?fromUserId=${a.userId}&toUserId=${b.userId}`,
    );
    expect(preview.json().data.to.after.socialId).toBe(social);
    expect(preview.json().data.from.after.socialId).toBeNull();
    const done = await admin('POST', '/api/v1/game-users/migrate', { fromUserId: a.userId, toUserId: b.userId });
    expect(done.statusCode).toBe(200);
    const viaSocial = await login({ socialId: social, deviceId: device() });
    expect(viaSocial.status).toBe(200);
    expect(viaSocial.body.data.userId).toBe(b.userId);
    expect(viaSocial.body.data.state).toEqual(a.state);
    expect((await loadGame(a.userId)).body.data.state).toEqual(initialPlayerState());
    // Migrating again: the source has no social ID any more.
    const again = await admin('POST', '/api/v1/game-users/migrate', { fromUserId: a.userId, toUserId: b.userId });
    expect(again.statusCode).toBe(400);
  });

  it('deduct reduces resources; asking for more than the player has changes nothing', async () => {
    const p = await newPlayer({ resources: { gem: 100, coin: 50 } });
    const ok = await admin('POST', '/api/v1/game-users/deduct', {
      userId: p.userId,
      items: [{ kind: 'gem', amount: 30 }],
      reason: 'refund abuse',
    });
    expect(ok.statusCode).toBe(200);
    expect((await loadGame(p.userId)).body.data.state.resources.gem).toBe(70);

    const before = await ctx.fingerprint();
    const tooMuch = await admin('POST', '/api/v1/game-users/deduct', {
      userId: p.userId,
      items: [
        { kind: 'gem', amount: 10 },
        { kind: 'coin', amount: 51 },
      ],
      reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toBe('Not enough Coins: the player has 50, cannot deduct 51');
    expect(tooMuch.json().errors[0].field).toBe('items.1.amount');
    expect(await ctx.fingerprint()).toEqual(before);
    expect((await loadGame(p.userId)).body.data.state.resources).toEqual({ gem: 70, coin: 50 });
  });

  it('a serviceManager may deduct; a service user may not', async () => {
    const p = await newPlayer({ resources: { gem: 10 } });
    const manager = await ctx.userWithRole('serviceManager');
    const service = await ctx.userWithRole('service');
    const body = { userId: p.userId, items: [{ kind: 'gem', amount: 1 }], reason: 'x' };
    expect((await ctx.call('POST', '/api/v1/game-users/deduct', { token: manager.token, body })).statusCode).toBe(200);
    expect((await ctx.call('POST', '/api/v1/game-users/deduct', { token: service.token, body })).statusCode).toBe(403);
  });

  it('remove items takes resource kinds away and lists the removal', async () => {
    const p = await newPlayer({ resources: { gem: 5, penguin_emperor: 3 } });
    const res = await admin('POST', '/api/v1/game-users/remove-items', {
      userId: p.userId,
      kinds: ['penguin_emperor'],
      reason: 'duplicated by a bug',
    });
    expect(res.statusCode).toBe(200);
    expect((await loadGame(p.userId)).body.data.state.resources).toEqual({ gem: 5 });
    const list = await admin('GET', `/api/v1/game-users/remove-items?userId=${p.userId}`);
    expect(list.json().data.list[0].data.removed).toEqual({ penguin_emperor: 3 });
  });

  it('chat ban end time is returned at login; lifting clears it', async () => {
    const p = await newPlayer();
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await admin('POST', '/api/v1/game-users/chat-ban', { userIds: [p.userId], until, reason: 'spam' })).statusCode,
    ).toBe(200);
    expect((await login({ deviceId: p.deviceId })).body.data.chatBannedUntil).toBe(until);
    const listed = await admin('GET', `/api/v1/game-users/chat-bans?userId=${p.userId}`);
    expect(listed.json().data.list[0].chatBanReason).toBe('spam');
    await admin('POST', '/api/v1/game-users/chat-ban/lift', { userIds: [p.userId] });
    expect((await login({ deviceId: p.deviceId })).body.data.chatBannedUntil).toBeNull();
  });

  it('a chat ban needs an end time in the future', async () => {
    const p = await newPlayer();
    const res = await admin('POST', '/api/v1/game-users/chat-ban', {
      userIds: [p.userId],
      until: '2001-01-01T00:00:00Z',
      reason: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'until', message: 'The end time must be in the future' });
  });

  it('restoring a snapshot puts that state back', async () => {
    const p = await newPlayer({ questIndex: 1 });
    const epoch = 0;
    await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 2,
      state: { ...p.state, questIndex: 2 },
      sessionEpoch: epoch,
    });
    const snaps = await admin('GET', `/api/v1/game-users/snapshots?userId=${p.userId}`);
    // Newest first: the state before save 2 (questIndex 1), then the state before save 1.
    const [beforeSave2] = snaps.json().data.list;
    expect(beforeSave2.saveCount).toBe(1);
    const snap = await admin('GET', `/api/v1/game-users/snapshots/${beforeSave2.id}`);
    expect(snap.json().data.state.questIndex).toBe(1);
    const restored = await admin('POST', `/api/v1/game-users/snapshots/${beforeSave2.id}/restore`, {
      reason: 'rollback',
    });
    expect(restored.statusCode).toBe(200);
    const loaded = await loadGame(p.userId);
    expect(loaded.body.data.state.questIndex).toBe(1);
    expect(loaded.body.data.saveCount).toBe(3);
  });

  it('data history shows what each write changed', async () => {
    const p = await newPlayer({ resources: { gem: 10 } });
    await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 2,
      state: { ...p.state, resources: { gem: 15 }, questIndex: 4 },
      sessionEpoch: 0,
    });
    const res = await admin('GET', `/api/v1/game-users/data-history?userId=${p.userId}&pageSize=1`);
    const [latest] = res.json().data.list;
    expect(latest.cause).toBe('save');
    expect(latest.changes).toEqual([
      { key: 'gem', label: 'Gems', before: 10, after: 15 },
      { key: 'questIndex', label: 'Quest index', before: 0, after: 4 },
    ]);
    const page2 = await admin('GET', `/api/v1/game-users/data-history?userId=${p.userId}&pageSize=1&page=2`);
    expect(page2.json().data.list[0].nextSaveCount).toBe(1);
  });

  it('ending the session refuses saves from the old login until the game logs in again', async () => {
    const social = `gc-${device()}`;
    const p = await newPlayer({}, social);
    const end = await admin('PUT', '/api/v1/gm/user', { socialId: social });
    expect(end.statusCode).toBe(200);
    expect(end.json().data).toEqual({ userId: p.userId, sessionEpoch: 1 });
    const old = await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 2,
      state: p.state,
      sessionEpoch: 0,
    });
    expect(old.status).toBe(409);
    expect(old.body.msg).toBe('The game session was ended; sign in again');
    const relogin = await login({ socialId: social, deviceId: p.deviceId });
    expect(relogin.body.data.sessionEpoch).toBe(1);
    const ok = await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 2,
      state: p.state,
      sessionEpoch: 1,
    });
    expect(ok.status).toBe(200);
    expect((await admin('PUT', '/api/v1/gm/user', { deviceId: 'nobody-has-this' })).statusCode).toBe(404);
  });

  it('unbinding a device makes it log in as a new player', async () => {
    const p = await newPlayer();
    const devices = await admin('GET', `/api/v1/game-users/devices?userId=${p.userId}`);
    expect(devices.json().data.map((d: { deviceId: string }) => d.deviceId)).toEqual([p.deviceId]);
    const res = await admin('POST', '/api/v1/game-users/devices/unbind', { userId: p.userId, deviceId: p.deviceId });
    expect(res.statusCode).toBe(200);
    const next = await login({ deviceId: p.deviceId });
    expect(next.body.data.userId).not.toBe(p.userId);
    const notBound = await admin('POST', '/api/v1/game-users/devices/unbind', { userId: p.userId, deviceId: 'zzz' });
    expect(notBound.statusCode).toBe(400);
  });

  it('blacklist sets the flag other areas read', async () => {
    const p = await newPlayer();
    await admin('POST', '/api/v1/users/blacklist', { userIds: [p.userId], reason: 'leaderboard cheat' });
    expect(await isBlacklisted(ctx.database.db, p.userId)).toBe(true);
    const list = await admin('GET', `/api/v1/users/blacklist?userId=${p.userId}`);
    expect(list.json().data.list[0].blacklistReason).toBe('leaderboard cheat');
    await admin('POST', '/api/v1/users/blacklist/remove', { userIds: [p.userId] });
    expect(await isBlacklisted(ctx.database.db, p.userId)).toBe(false);
  });

  it('suspicious saves are listed with the reason and can be marked reviewed', async () => {
    const p = await newPlayer();
    await game('PUT', `/api/game/v1/players/${p.userId}/save`, {
      saveCount: 500,
      state: { ...p.state, resources: { ...p.state.resources, gem: 1_000_000 } },
      sessionEpoch: 0,
      deviceId: 'not-my-device',
    });
    const res = await admin('GET', `/api/v1/game-users/suspicious?userId=${p.userId}&reviewed=false`);
    const rules = res
      .json()
      .data.list.map((s: { rule: string }) => s.rule)
      .sort();
    expect(rules).toEqual(['resourceGain', 'saveCountJump', 'unboundDevice']);
    const gain = res.json().data.list.find((s: { rule: string }) => s.rule === 'resourceGain');
    expect(gain.detail.kind).toBe('gem');
    const reviewed = await admin('POST', `/api/v1/game-users/suspicious/${gain.id}/review`);
    expect(reviewed.json().data.reviewedBy).toBe('admin');
    const open = await admin('GET', `/api/v1/game-users/suspicious?userId=${p.userId}&reviewed=false`);
    expect(open.json().data.pagination.total).toBe(2);
  });

  it('business data delete erases personal data and event payloads but keeps the game state', async () => {
    const social = `ap-${device()}`;
    const p = await newPlayer({ resources: { gem: 42 } }, social);
    const res = await admin('POST', '/api/v1/game-users/business-data/delete', {
      userId: p.userId,
      reason: 'GDPR request',
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect([d.socialId, d.deviceModel, d.deviceId, d.devices.length]).toEqual([null, null, null, 0]);
    expect(d.state.resources.gem).toBe(42);
    const log = await admin('GET', `/api/v1/users/log?userId=${p.userId}&type=login`);
    expect(log.json().data.list.length).toBeGreaterThan(0);
    expect(log.json().data.list.every((e: { data: unknown }) => e.data === null)).toBe(true);
    expect((await admin('GET', `/api/v1/penguin/users/search?socialId=${social}`)).json().data).toEqual([]);
  });
});

describe('console reads', () => {
  it('search finds a player by each ID kind; detail is keyed by user ID with labelled state', async () => {
    const social = `s-${device()}`;
    const deviceId = device();
    const res = await game('POST', '/api/game/v1/players/login', {
      deviceId,
      socialId: social,
      anonymousId: `anon-${deviceId}`,
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.2.0',
      language: 'zh',
      country: 'CN',
    });
    const userId = res.body.data.userId;
    for (const q of [
      `userId=${userId}`,
      `socialId=${social}`,
      `deviceId=${deviceId}`,
      `anonymousId=anon-${deviceId}`,
    ]) {
      const found = await admin('GET', `/api/v1/penguin/users/search?${q}`);
      expect(
        found.json().data.map((p: { userId: number }) => p.userId),
        q,
      ).toEqual([userId]);
    }
    const none = await admin('GET', '/api/v1/penguin/users/search');
    expect(none.statusCode).toBe(400);

    const detail = await ctx.call('GET', `/api/v1/penguin/users/detail?userId=${userId}`, {
      token: ctx.adminToken,
      locale: 'zh-CN',
    });
    const d = detail.json().data[String(userId)];
    expect(d.os).toBe('android');
    expect(d.stateView.fields).toContainEqual({ key: 'habitatCount', label: '栖息地数量', value: 1 });
    expect(d.stateView.resources).toContainEqual({ key: 'gem', label: '钻石', value: 50 });
  });

  it('a device search finds the player it is bound to and the one whose last login came from it, each once', async () => {
    const deviceId = device();
    const socialId = `social-${deviceId}`;
    const social = (await login({ socialId, deviceId: device() })).body.data.userId;
    const guest = (await login({ deviceId })).body.data.userId;
    // The social account signs in on the guest's device: the binding moves to it, and the
    // guest's last login still came from the device.
    await login({ deviceId, socialId });
    await admin('POST', '/api/v1/game-users/chat-ban', {
      userIds: [social],
      reason: 'spam',
      until: '2099-01-01T00:00:00.000Z',
    });
    const found = (await admin('GET', `/api/v1/penguin/users/search?deviceId=${deviceId}`)).json().data;
    expect(found.map((p: { userId: number }) => p.userId)).toEqual([guest, social].sort((a, b) => a - b));
    // Rows from the search function are mapped like any select: timestamps and IDs typed.
    expect(found.find((p: { userId: number }) => p.userId === social)).toMatchObject({
      deviceId,
      saveCount: 0,
      chatBannedUntil: '2099-01-01T00:00:00.000Z',
    });
  });

  it('the game-user list filters and sorts on the server', async () => {
    await newPlayer();
    const res = await admin('GET', '/api/v1/game-users?os=ios&sort=userId&order=asc&pageSize=5');
    const list = res.json().data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p: { os: string }) => p.os === 'ios')).toBe(true);
    const ids = list.map((p: { userId: number }) => p.userId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const toFreeze = await newPlayer();
    await admin('POST', '/api/v1/game-users/freeze', { userIds: [toFreeze.userId], reason: 'list filter' });
    const frozen = await admin('GET', '/api/v1/game-users?status=frozen&pageSize=100');
    expect(frozen.json().data.list.length).toBeGreaterThan(0);
    expect(frozen.json().data.list.every((p: { status: string }) => p.status === 'frozen')).toBe(true);
  });

  it('the event log holds game events and console actions with the actor; the audit log the before/after', async () => {
    const p = await newPlayer({ resources: { gem: 9 } });
    await admin('POST', '/api/v1/game-users/deduct', {
      userId: p.userId,
      items: [{ kind: 'gem', amount: 9 }],
      reason: 'r',
    });
    const log = await admin('GET', `/api/v1/users/log?userId=${p.userId}`);
    const types = log.json().data.list.map((e: { type: string; actor: string | null }) => `${e.type}:${e.actor}`);
    expect(types).toEqual(['deductResources:admin', 'save:null', 'login:null']);
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 60_000).toISOString();
    const audit = await admin(
      'GET',
      `/api/v1/system/log?action=deductResources&target=player:${p.userId}&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
    );
    const [entry] = audit.json().data.list;
    expect(entry.before.state.resources.gem).toBe(9);
    expect(entry.after.state.resources.gem).toBe(0);
  });

  it('the archive is a JSON download of everything held about the player', async () => {
    const p = await newPlayer();
    const res = await admin('GET', `/api/v1/game-users/archive?userId=${p.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="player-${p.userId}.json"`);
    const archive = res.json();
    expect(archive.player.userId).toBe(p.userId);
    expect(archive.events.map((e: { type: string }) => e.type)).toEqual(['login', 'save']);
    expect(archive.snapshots).toHaveLength(1);
  });
});

describe('other areas and concurrency', () => {
  it('applyRewards adds to resources, raises the save count and logs the event', async () => {
    const p = await newPlayer({ resources: { gem: 1 } });
    const applied = await ctx.database.db.transaction((tx) =>
      applyRewards(tx, p.userId, [{ kind: 'gem', amount: 5 }], { type: 'mail', id: 7 }, ctx.clock.now()),
    );
    expect(applied.saveCount).toBe(2);
    const row = (await findPlayer(ctx.database.db, p.userId))!;
    expect(row.state.resources.gem).toBe(6);
    expect(row.saveCount).toBe(2);
    expect(playerAttributes(row, ctx.clock.now())).toMatchObject({
      os: 'ios',
      country: 'US',
      userType: 'normal',
      habitatCount: 1,
    });
    await markPayer(ctx.database.db, p.userId);
    expect(playerAttributes((await findPlayer(ctx.database.db, p.userId))!, ctx.clock.now()).userType).toBe('payment');
    const log = await admin('GET', `/api/v1/users/log?userId=${p.userId}&type=rewards`);
    expect(log.json().data.list[0].data.source).toEqual({ type: 'mail', id: 7 });
  });

  it('two console actions on one player at once never lose an update', async () => {
    const p = await newPlayer({ resources: { gem: 100, coin: 100 } });
    const deduct = (kind: string) =>
      admin('POST', '/api/v1/game-users/deduct', { userId: p.userId, items: [{ kind, amount: 10 }], reason: 'c' });
    const results = await Promise.all([
      deduct('gem'),
      deduct('gem'),
      deduct('coin'),
      admin('POST', '/api/v1/game-users/chat-ban', {
        userIds: [p.userId],
        until: new Date(Date.now() + 60_000).toISOString(),
        reason: 'c',
      }),
      ctx.database.db.transaction((tx) =>
        applyRewards(tx, p.userId, [{ kind: 'gem', amount: 1 }], { type: 'test' }, ctx.clock.now()),
      ),
    ]);
    for (const r of results.slice(0, 4)) expect((r as { statusCode: number }).statusCode).toBe(200);
    const loaded = await loadGame(p.userId);
    expect(loaded.body.data.state.resources).toEqual({ gem: 81, coin: 90 });
    expect(loaded.body.data.chatBannedUntil).not.toBeNull();
    // Save 1, three deductions, one reward: every write raised the count.
    expect(loaded.body.data.saveCount).toBe(5);
  });
});

describe('housekeeping', () => {
  it('drops login and save events past the retention and keeps console actions and recent events', async () => {
    const p = await newPlayer();
    const ban = await admin('POST', '/api/v1/game-users/chat-ban', {
      userIds: [p.userId],
      reason: 'spam',
      until: '2099-01-01T00:00:00.000Z',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    await ctx.database.db.execute(
      sql`update player_events set at = at - make_interval(days => ${ROUTINE_EVENT_DAYS + 1}) where user_id = ${p.userId}`,
    );
    expect((await login({ deviceId: p.deviceId })).status).toBe(200);
    // Only this player's events are old: its first login and its save go.
    expect(await pruneRoutineEvents(ctx.database.db, ctx.clock.now())).toBe(2);
    const left = await ctx.database.db
      .select({ type: playerEvents.type })
      .from(playerEvents)
      .where(eq(playerEvents.userId, p.userId))
      .orderBy(playerEvents.id);
    expect(left.map((e) => e.type)).toEqual(['banChat', 'login']);
    expect(await pruneRoutineEvents(ctx.database.db, ctx.clock.now())).toBe(0);
  });

  it('a login remembers the one before it', async () => {
    const p = await newPlayer();
    const [first] = await ctx.database.db.select().from(players).where(eq(players.id, p.userId));
    expect((await login({ deviceId: p.deviceId })).status).toBe(200);
    const [second] = await ctx.database.db.select().from(players).where(eq(players.id, p.userId));
    expect(second.previousLoginAt).toEqual(first.lastLoginAt);
    expect(second.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(first.lastLoginAt!.getTime());
  });
});
