import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/harness.js';
import { EXPIRED_COPY_DAYS, pruneExpiredMailCopies } from './housekeeping.js';
import { LiveMailBook, MAIL_CHANGED } from './live-mails.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

const game = (method: string, url: string, body?: unknown, locale = 'en-US') => ctx.game(method, url, { body, locale });

interface LoginAttributes {
  country?: string;
  appVersion?: string;
  language?: string;
  os?: string;
}

/** Log a player in through the game API from `deviceId` (the same device finds the same player). */
async function login(deviceId: string, attrs: LoginAttributes = {}) {
  const res = await game('POST', '/api/game/v1/players/login', {
    deviceId,
    deviceModel: 'Pixel 8',
    os: attrs.os ?? 'android',
    appVersion: attrs.appVersion ?? '1.0.0',
    language: attrs.language ?? 'en-US',
    country: attrs.country ?? 'US',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

let devices = 0;
/** A new player with these attributes. */
async function player(attrs: LoginAttributes = {}) {
  devices += 1;
  return login(`mail-device-${devices}-${Date.now()}`, attrs);
}

async function mailbox(userId: number, locale?: string) {
  const res = await game('GET', `/api/game/v1/players/${userId}/mailbox`, undefined, locale);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as { id: number; title: string; read: boolean; claimed: boolean; language: string }[];
}
const mailIds = async (userId: number) => (await mailbox(userId)).map((m) => m.id);

async function resources(userId: number): Promise<Record<string, number>> {
  const res = await game('GET', `/api/game/v1/players/${userId}`);
  return res.json().data.state.resources;
}

const texts = { title: { 'zh-CN': '你好', 'en-US': 'Hello' }, content: { 'zh-CN': '内容', 'en-US': 'Body' } };

async function send(body: Record<string, unknown>, token = ctx.adminToken) {
  const res = await ctx.call('POST', '/api/v1/email', {
    token,
    body: { ...texts, expireAt: inHours(24), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; state: string; recipientCount: number };
}

describe('templates and reward templates', () => {
  it('creates, lists by table and name, edits and deletes', async () => {
    const mail = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      body: { theTable: 'mail', name: 'Welcome', ...texts },
    });
    expect(mail.statusCode, mail.body).toBe(200);
    const reward = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      body: { theTable: 'reward', name: 'Starter pack', reward: [{ kind: 'gem', amount: 10 }] },
    });
    expect(reward.statusCode, reward.body).toBe(200);

    const list = await ctx.call('GET', '/api/v1/email/template?theTable=reward&searchName=starter', {
      token: ctx.adminToken,
    });
    expect(list.json().data.list.map((t: { name: string }) => t.name)).toEqual(['Starter pack']);
    expect(list.json().data.pagination).toEqual({ page: 1, pageSize: 10, total: 1 });
    const all = await ctx.call('GET', '/api/v1/email/template?pageSize=1000', { token: ctx.adminToken });
    expect(all.json().data.list.map((t: { theTable: string }) => t.theTable)).toContain('mail');

    const id = mail.json().data.id;
    const edited = await ctx.call('PUT', `/api/v1/email/template/${id}`, {
      token: ctx.adminToken,
      body: { theTable: 'mail', name: 'Welcome 2', title: { 'en-US': 'Hi' }, content: { 'en-US': 'There' } },
    });
    expect(edited.json().data).toMatchObject({ name: 'Welcome 2', title: { 'en-US': 'Hi' } });
    const dup = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      body: { theTable: 'mail', name: 'Welcome 2', ...texts },
    });
    expect(dup.statusCode).toBe(409);

    const wrongTable = await ctx.call('GET', `/api/v1/email/template/${id}?theTable=reward`, {
      token: ctx.adminToken,
    });
    expect(wrongTable.statusCode === 404 || wrongTable.json().data.name !== 'Welcome 2').toBe(true);
    const del = await ctx.call('DELETE', `/api/v1/email/template/${id}?theTable=mail`, { token: ctx.adminToken });
    expect(del.statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/v1/email/template/${id}`, { token: ctx.adminToken })).statusCode).toBe(404);
  });

  it('rejects a title without its content and an empty reward list, with field messages', async () => {
    const res = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      locale: 'zh-CN',
      body: { theTable: 'mail', name: 'x', title: { 'en-US': 'Hi', 'zh-CN': '你好' }, content: { 'en-US': 'x' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'content.zh-CN', message: '每种语言都需要同时填写标题和内容' }]);
    const empty = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      body: { theTable: 'reward', name: 'none', reward: [] },
    });
    expect(empty.json().errors).toEqual([{ field: 'reward', message: 'A reward template needs at least one reward' }]);
  });

  it('checks the permission of the table asked for', async () => {
    const { token } = await ctx.userWithPermissions('mailTemplateOnly', ['mailTemplateCreate', 'mailTemplateQuery']);
    const ok = await ctx.call('POST', '/api/v1/email/template', {
      token,
      body: { theTable: 'mail', name: 'by template editor', ...texts },
    });
    expect(ok.statusCode).toBe(200);
    const denied = await ctx.call('POST', '/api/v1/email/template', {
      token,
      body: { theTable: 'reward', name: 'nope', reward: [{ kind: 'coin', amount: 1 }] },
    });
    expect(denied.statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/v1/email/template?theTable=reward', { token })).statusCode).toBe(403);
  });
});

describe('sending mail', () => {
  it('a personal mail reaches only its players', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const mail = await send({ mailScope: 'personal', userIdInput: `${a}\n${b}\n${a}` });
    expect(mail.recipientCount).toBe(2);
    expect(await mailIds(a)).toContain(mail.id);
    expect(await mailIds(b)).toContain(mail.id);
    expect(await mailIds(c)).not.toContain(mail.id);
  });

  it('refuses unknown player IDs and changes nothing', async () => {
    const a = await player();
    const before = await ctx.fingerprint();
    const res = await ctx.call('POST', '/api/v1/email', {
      token: ctx.adminToken,
      body: { ...texts, mailScope: 'personal', userIdInput: `${a}\n987654321`, expireAt: inHours(2) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'userIdInput', message: 'These user IDs do not exist: 987654321' }]);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('a global mail reaches exactly the players its conditions select', async () => {
    const us12 = await player({ country: 'US', appVersion: '1.2.0' });
    const us110 = await player({ country: 'US', appVersion: '1.10.0' });
    const us119 = await player({ country: 'US', appVersion: '1.1.9' });
    const cn13 = await player({ country: 'CN', appVersion: '1.3.0' });
    const mail = await send({
      mailScope: 'global',
      conditions: [
        { attr: 'country', op: 'include', value: ['US'] },
        { attr: 'appVersion', op: 'gte', value: '1.2.0' },
      ],
    });
    const reached = [];
    for (const p of [us12, us110, us119, cn13]) if ((await mailIds(p)).includes(mail.id)) reached.push(p);
    expect(reached).toEqual([us12, us110]);
  });

  it('shows the text in the player language, else the default language', async () => {
    const zh = await player({ language: 'zh-CN' });
    const en = await player({ language: 'en-GB' });
    const fr = await player({ language: 'fr-FR' });
    const mail = await send({ mailScope: 'personal', userIdInput: `${zh},${en},${fr}` });
    const pick = async (p: number) => (await mailbox(p)).find((m) => m.id === mail.id)!;
    expect((await pick(zh)).title).toBe('你好');
    expect((await pick(en)).title).toBe('Hello');
    expect((await pick(fr)).language).toBe('zh-CN');
  });

  it('fills title, content and rewards from templates', async () => {
    const tpl = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      body: { theTable: 'mail', name: 'From template', title: { 'en-US': 'Tpl title' }, content: { 'en-US': 'Tpl' } },
    });
    const rtpl = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      body: { theTable: 'reward', name: 'Tpl rewards', reward: [{ kind: 'coin', amount: 7 }] },
    });
    const p = await player();
    const res = await ctx.call('POST', '/api/v1/email', {
      token: ctx.adminToken,
      body: {
        mailScope: 'personal',
        userIdInput: String(p),
        mailTemplateId: tpl.json().data.id,
        rewardTemplateId: rtpl.json().data.id,
        expireAt: inHours(3),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: { 'en-US': 'Tpl title' }, reward: [{ kind: 'coin', amount: 7 }] });
  });

  it('rejects malformed conditions at save time with field messages in the user language', async () => {
    const before = await ctx.fingerprint();
    const res = await ctx.call('POST', '/api/v1/email', {
      token: ctx.adminToken,
      locale: 'zh-CN',
      body: {
        ...texts,
        mailScope: 'global',
        expireAt: inHours(2),
        conditions: [
          { attr: 'os', op: 'gte', value: 'ios' },
          { attr: 'appVersion', op: 'equal', value: 'latest' },
          { attr: 'country', op: 'include', value: [] },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'conditions.0.op', message: '该属性不支持此运算符' },
      { field: 'conditions.1.value', message: '版本号格式应为 1.2.3' },
      { field: 'conditions.2.value', message: '包含/排除的列表不能为空' },
    ]);
    const en = await ctx.call('POST', '/api/v1/email', {
      token: ctx.adminToken,
      body: { ...texts, mailScope: 'global', expireAt: inHours(2), reward: [{ kind: 'gold', amount: 0 }] },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors.map((e: { field: string }) => e.field)).toEqual(['reward.0.kind', 'reward.0.amount']);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('checks the permission of the scope asked for', async () => {
    // tester holds mailCreate but not globalMailCreate by default.
    const { token } = await ctx.userWithRole('tester');
    const p = await player();
    const denied = await ctx.call('POST', '/api/v1/email', {
      token,
      body: { ...texts, mailScope: 'global', expireAt: inHours(2) },
    });
    expect(denied.statusCode).toBe(403);
    const personal = await send({ mailScope: 'personal', userIdInput: String(p) }, token);
    const recall = await ctx.call('DELETE', `/api/v1/email/${personal.id}`, { token });
    expect(recall.statusCode).toBe(403);
    const { token: service } = await ctx.userWithRole('service');
    const list = await ctx.call('GET', '/api/v1/email?mailScope=global', { token: service });
    expect(list.statusCode).toBe(200);
    const create = await ctx.call('POST', '/api/v1/email', {
      token: service,
      body: { ...texts, mailScope: 'personal', userIdInput: String(p), expireAt: inHours(2) },
    });
    expect(create.statusCode).toBe(403);
  });
});

describe('mail lifecycle', () => {
  it('a scheduled mail appears at effectiveAt and disappears at expireAt', async () => {
    const p = await player();
    const start = Date.now() + 2 * HOUR;
    const mail = await send({
      mailScope: 'global',
      effectiveAt: new Date(start).toISOString(),
      expireAt: new Date(start + 5 * HOUR).toISOString(),
    });
    expect(mail.state).toBe('scheduled');
    expect(await mailIds(p)).not.toContain(mail.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    expect(await mailIds(p)).toContain(mail.id);
    vi.setSystemTime(start + 5 * HOUR - 1);
    expect(await mailIds(p)).toContain(mail.id);
    vi.setSystemTime(start + 5 * HOUR);
    expect(await mailIds(p)).not.toContain(mail.id);
  });

  it('a mail window follows the service clock, not the wall clock', async () => {
    // Ten days ahead of the wall clock: by the wall clock this mail never opens during the test.
    const start = Date.now() + 10 * 24 * HOUR;
    ctx.clock.set(new Date(start));
    // Sessions follow the service clock too: the one from the wall clock's now has expired by then.
    const wallClockToken = ctx.adminToken;
    ctx.adminToken = await ctx.login('admin', ADMIN_PASSWORD);
    try {
      const p = await player();
      const mail = await send({
        mailScope: 'global',
        effectiveAt: new Date(start + HOUR).toISOString(),
        expireAt: new Date(start + 3 * HOUR).toISOString(),
      });
      expect(mail.state).toBe('scheduled');
      expect(await mailIds(p)).not.toContain(mail.id);
      const state = async () => {
        const res = await ctx.call('GET', `/api/v1/email/${mail.id}`, { token: ctx.adminToken });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.state as string;
      };
      ctx.clock.advance(2 * HOUR);
      expect(await mailIds(p)).toContain(mail.id);
      expect(await state()).toBe('active');
      ctx.clock.advance(HOUR);
      expect(await mailIds(p)).not.toContain(mail.id);
      expect(await state()).toBe('expired');
      // An expiry in the past of the service clock is refused, though the wall clock has not reached it.
      const late = await ctx.call('POST', '/api/v1/email', {
        token: ctx.adminToken,
        body: { ...texts, mailScope: 'global', expireAt: new Date(start + 2 * HOUR).toISOString() },
      });
      expect(late.statusCode).toBe(400);
    } finally {
      ctx.clock.set(null);
      ctx.adminToken = wallClockToken;
    }
  });

  it('recall removes unclaimed copies and keeps claimed ones', async () => {
    const [a, b] = [await player(), await player()];
    const mail = await send({
      mailScope: 'personal',
      userIdInput: `${a}\n${b}`,
      reward: [{ kind: 'coin', amount: 5 }],
    });
    const global = await send({ mailScope: 'global' });
    expect((await game('POST', `/api/game/v1/players/${a}/mails/${mail.id}/claim`)).statusCode).toBe(200);
    expect((await game('POST', `/api/game/v1/players/${a}/mails/${global.id}/claim`)).statusCode).toBe(200);
    for (const m of [mail, global]) {
      const res = await ctx.call('DELETE', `/api/v1/email/${m.id}`, { token: ctx.adminToken });
      expect(res.json().data.state).toBe('recalled');
    }
    expect(await mailIds(a)).toEqual(expect.arrayContaining([mail.id, global.id]));
    expect(await mailIds(b)).not.toContain(mail.id);
    expect(await mailIds(b)).not.toContain(global.id);
    expect((await game('POST', `/api/game/v1/players/${b}/mails/${mail.id}/claim`)).statusCode).toBe(404);
    const again = await ctx.call('DELETE', `/api/v1/email/${mail.id}`, { token: ctx.adminToken });
    expect(again.statusCode).toBe(409);
    const history = await ctx.call('GET', `/api/v1/email/${mail.id}?mailScope=personal`, { token: ctx.adminToken });
    expect(history.json().data).toMatchObject({ state: 'recalled', claimedCount: 1, recipientCount: 2 });
  });

  it('an active mail keeps its rewards and conditions; its text and expiry can change', async () => {
    const mail = await send({ mailScope: 'global', reward: [{ kind: 'gem', amount: 1 }] });
    const body = { ...texts, mailScope: 'global', expireAt: inHours(48), reward: [{ kind: 'gem', amount: 1 }] };
    const locked = await ctx.call('PUT', `/api/v1/email/${mail.id}?mailScope=global`, {
      token: ctx.adminToken,
      body: { ...body, reward: [{ kind: 'gem', amount: 100 }] },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errors[0].field).toBe('reward');
    const ok = await ctx.call('PUT', `/api/v1/email/${mail.id}?mailScope=global`, {
      token: ctx.adminToken,
      body: { ...body, title: { 'en-US': 'New' }, content: { 'en-US': 'New body' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.title).toEqual({ 'en-US': 'New' });
    const p = await player();
    expect((await mailbox(p)).find((m) => m.id === mail.id)?.title).toBe('New');
  });
});

describe('live mails in memory', () => {
  it('another instance drops its compiled mails when a change commits', async () => {
    // A second book stands for another server instance sharing the database.
    const other = new LiveMailBook();
    await ctx.database.listen(MAIL_CHANGED, () => other.invalidate());
    const ids = async () => (await other.live(ctx.database.db, 'global')).map((m) => m.row.id);
    const mail = await send({ mailScope: 'global' });
    expect(await ids()).toContain(mail.id);
    await ctx.call('DELETE', `/api/v1/email/${mail.id}`, { token: ctx.adminToken });
    await expect.poll(ids, { timeout: 15_000 }).not.toContain(mail.id);
  });
});

describe('claims', () => {
  it('are idempotent under 20 concurrent claims: the rewards go out once', async () => {
    const p = await player();
    const mail = await send({ mailScope: 'personal', userIdInput: String(p), reward: [{ kind: 'gem', amount: 30 }] });
    const before = await resources(p);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => game('POST', `/api/game/v1/players/${p}/mails/${mail.id}/claim`)),
    );
    const statuses = answers.map((r) => r.json().data?.status);
    expect(statuses.filter((s) => s === 'claimed')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'alreadyClaimed')).toHaveLength(19);
    expect((await resources(p)).gem).toBe((before.gem ?? 0) + 30);
    const again = await game('POST', `/api/game/v1/players/${p}/mails/${mail.id}/claim`);
    expect(again.json().data).toMatchObject({ status: 'alreadyClaimed', rewards: [] });
    expect((await mailbox(p)).find((m) => m.id === mail.id)).toMatchObject({ claimed: true, read: true });
  });

  it('a blacklisted player gets nothing and is told why', async () => {
    const p = await player();
    const mail = await send({ mailScope: 'personal', userIdInput: String(p), reward: [{ kind: 'coin', amount: 99 }] });
    const listed = await ctx.call('POST', '/api/v1/users/blacklist', {
      token: ctx.adminToken,
      body: { userIds: [p], reason: 'bot farm' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const before = await resources(p);
    const res = await game('POST', `/api/game/v1/players/${p}/mails/${mail.id}/claim`, undefined, 'zh-CN');
    expect(res.json().data).toMatchObject({
      status: 'blacklisted',
      rewards: [],
      message: '玩家在黑名单中，不能领取奖励',
    });
    expect(await resources(p)).toEqual(before);
    expect((await mailbox(p)).find((m) => m.id === mail.id)?.claimed).toBe(false);
  });

  it('marks a mail read', async () => {
    const p = await player();
    const mail = await send({ mailScope: 'global' });
    const res = await game('POST', `/api/game/v1/players/${p}/mails/${mail.id}/read`);
    expect(res.json().data).toEqual({ id: mail.id, read: true });
    expect((await mailbox(p)).find((m) => m.id === mail.id)).toMatchObject({ read: true, claimed: false });
    expect((await game('POST', `/api/game/v1/players/${p}/mails/999999/read`)).statusCode).toBe(404);
  });
});

describe('comeback mail', () => {
  /** Move the player's last login back in time, as if they had been away `days` days, then log in again. */
  async function comeBackAfter(userId: number, deviceId: string, days: number) {
    await ctx.database.db.execute(
      sql`update players set last_login_at = last_login_at - make_interval(days => ${days}) where id = ${userId}`,
    );
    expect(await login(deviceId)).toBe(userId);
  }

  it('reaches players back after notLoginDays, at most maxTimes', async () => {
    const deviceId = `comeback-${Date.now()}`;
    const p = await login(deviceId);
    const mail = await send({
      mailScope: 'comeback',
      notLoginDays: 7,
      maxTimes: 2,
      reward: [{ kind: 'heart', amount: 3 }],
      conditions: [{ attr: 'country', op: 'equal', value: 'US' }],
    });
    expect(await mailIds(p)).not.toContain(mail.id);

    await comeBackAfter(p, deviceId, 3);
    expect(await mailIds(p)).not.toContain(mail.id);

    const claim = () => game('POST', `/api/game/v1/players/${p}/mails/${mail.id}/claim`);
    for (let round = 1; round <= 2; round += 1) {
      await comeBackAfter(p, deviceId, 8);
      expect(await mailIds(p)).toContain(mail.id);
      expect((await claim()).json().data.status).toBe('claimed');
      expect((await claim()).json().data.status).toBe('alreadyClaimed');
    }
    await comeBackAfter(p, deviceId, 8);
    const box = await mailbox(p);
    expect(box.find((m) => m.id === mail.id)).toMatchObject({ claimed: true });
    expect((await claim()).json().data.status).toBe('alreadyClaimed');
    const history = await ctx.call('GET', `/api/v1/email/search/user?userId=${p}&mailScope=comeback`, {
      token: ctx.adminToken,
    });
    expect(history.json().data.list.map((m: { round: number }) => m.round)).toEqual([2, 1]);
  });
});

describe('player mail tab', () => {
  it('lists a player’s mails by device ID with claim state and removes one from their mailbox', async () => {
    const deviceId = `tab-${Date.now()}`;
    const p = await login(deviceId, { os: 'ios', appVersion: '2.0.0', country: 'JP' });
    const personal = await send({
      mailScope: 'personal',
      userIdInput: String(p),
      reward: [{ kind: 'coin', amount: 1 }],
    });
    const global = await send({ mailScope: 'global', conditions: [{ attr: 'country', op: 'equal', value: 'JP' }] });
    await game('POST', `/api/game/v1/players/${p}/mails/${personal.id}/claim`);

    const tab = await ctx.call('GET', `/api/v1/gm/user/email?deviceId=${deviceId}&pageSize=10&page=1`, {
      token: ctx.adminToken,
    });
    expect(tab.statusCode, tab.body).toBe(200);
    const list = tab.json().data.list as { id: number; claimed: boolean; inMailbox: boolean }[];
    expect(list.find((m) => m.id === personal.id)).toMatchObject({ claimed: true, inMailbox: true });
    expect(list.find((m) => m.id === global.id)).toMatchObject({ claimed: false, inMailbox: true });
    expect(tab.json().data.pagination.total).toBeGreaterThanOrEqual(2);

    const removed = await ctx.call('DELETE', `/api/v1/gm/user/email/${global.id}?deviceId=${deviceId}`, {
      token: ctx.adminToken,
    });
    expect(removed.json().data).toMatchObject({ removed: true, inMailbox: false });
    expect(await mailIds(p)).not.toContain(global.id);
    const other = await player({ country: 'JP' });
    expect(await mailIds(other)).toContain(global.id);

    const none = await ctx.call('GET', '/api/v1/gm/user/email?socialId=nobody-here', { token: ctx.adminToken });
    expect(none.statusCode).toBe(404);
    const noKey = await ctx.call('GET', '/api/v1/gm/user/email', { token: ctx.adminToken });
    expect(noKey.statusCode).toBe(400);
  });
});

describe('mail list', () => {
  it('pages newest first, 20 by default, filtered by scope and state', async () => {
    const res = await ctx.call('GET', '/api/v1/email?mailScope=global&state=recalled', { token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.pagination.pageSize).toBe(20);
    // Earlier tests recalled global mails: the filter must find them, and only them.
    expect(data.list.length).toBeGreaterThan(0);
    expect(
      data.list.every((m: { mailScope: string; state: string }) => m.mailScope === 'global' && m.state === 'recalled'),
    ).toBe(true);
    const ids = data.list.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  it('sends to a million players in one row', async () => {
    const before = await ctx.database.db.execute(sql`select count(*)::int as n from player_mails`);
    await send({ mailScope: 'global' });
    const after = await ctx.database.db.execute(sql`select count(*)::int as n from player_mails`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0].n).toBe(
      (before as unknown as { rows: { n: number }[] }).rows[0].n,
    );
  });
});

describe('housekeeping', () => {
  it('drops players’ copies of mails expired past the retention and keeps the rest', async () => {
    const p = await player();
    const old = await send({ mailScope: 'personal', userIdInput: String(p), reward: [{ kind: 'coin', amount: 1 }] });
    const live = await send({ mailScope: 'personal', userIdInput: String(p) });
    expect((await game('POST', `/api/game/v1/players/${p}/mails/${old.id}/claim`)).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`update mails set effective_at = now() - make_interval(days => ${EXPIRED_COPY_DAYS + 2}),
        expire_at = now() - make_interval(days => ${EXPIRED_COPY_DAYS + 1}) where id = ${old.id}`,
    );
    const copies = async (mailId: number) =>
      Number(
        (
          (await ctx.database.db.execute(
            sql`select count(*) as n from player_mails where mail_id = ${mailId}`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n,
      );
    expect(await copies(old.id)).toBe(1);
    expect(await pruneExpiredMailCopies(ctx.database.db, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await copies(old.id)).toBe(0);
    expect(await copies(live.id)).toBe(1);
    const box = await mailIds(p);
    expect(box).toContain(live.id);
    expect(box).not.toContain(old.id);
  });
});
