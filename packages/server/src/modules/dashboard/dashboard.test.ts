import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';
import { type LoginInput, loginPlayer } from '../players/game.js';
import { rollupActivity } from './rollup.js';

/** The dashboard's figures from real logins (through the game API, and at known past times). */

let ctx: TestContext;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const input = (deviceId: string): LoginInput => ({
  deviceId,
  deviceModel: 'Pixel 8',
  os: 'android',
  appVersion: '1.3.0',
  language: 'en',
  country: 'US',
});

async function gameLogin(deviceId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/game/v1/players/login',
    headers: { 'x-game-key': GAME_KEY },
    payload: input(deviceId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

async function get<T>(url: string, token = ctx.adminToken, locale = 'en-US') {
  const res = await ctx.call('GET', url, { token, locale });
  return { status: res.statusCode, data: res.json().data as T };
}

interface Activity {
  onlineNow: number;
  days: { day: string; activePlayers: number; newPlayers: number; logins: number }[];
  hours: { hour: string; logins: number; newPlayers: number }[];
  updatedAt: string | null;
}

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const hourOf = (t: number) => new Date(Math.floor(t / HOUR) * HOUR).toISOString();

describe('dashboard activity', () => {
  it('counts players online, active and new per day and logins per hour from the event log', async () => {
    // The service clock, stopped mid-hour: the hours and days below cannot move while it runs.
    const NOW = Date.parse('2031-05-20T14:30:00.000Z');
    ctx.clock.set(new Date(NOW));
    // Staff sessions follow the service clock: sign in again at its time.
    ctx.adminToken = await ctx.login('admin', ADMIN_PASSWORD);
    const rollup = (at = NOW) => rollupActivity(ctx.database.db, { now: new Date(at) });
    const tag = Math.random().toString(36).slice(2, 8);
    const devices = ['a', 'b', 'c'].map((d) => `dash-${tag}-${d}`);
    // Three first logins and one more login of the first player, now, through the game API.
    const [a, b, c] = [await gameLogin(devices[0]), await gameLogin(devices[1]), await gameLogin(devices[2])];
    expect(await gameLogin(devices[0])).toBe(a);
    // Logins at known times: yesterday 10:15 and 10:45 (a, b) and 11:05 (a); three days ago 23:59:59 (c).
    const today = Date.parse(dayOf(NOW));
    const past = [
      { device: devices[0], at: today - DAY + 10.25 * HOUR },
      { device: devices[1], at: today - DAY + 10.75 * HOUR },
      { device: devices[0], at: today - DAY + 11.08 * HOUR },
      { device: devices[2], at: today - 2 * DAY - 1000 },
    ];
    for (const p of past) await loginPlayer({ database: ctx.database }, input(p.device), new Date(p.at));

    // The first run only notes how far the log goes (a login may still be committing); the next takes it in.
    await rollup();
    let seen = await get<Activity>('/api/v1/dashboard/activity?range=7d');
    expect(seen.status).toBe(200);
    expect(seen.data.days.every((d) => d.logins === 0)).toBe(true);
    await rollup();

    seen = await get<Activity>('/api/v1/dashboard/activity?range=7d');
    const { days, hours, onlineNow, updatedAt } = seen.data;
    expect(updatedAt).not.toBeNull();
    expect(onlineNow).toBe(3);
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => dayOf(today - (6 - i) * DAY)));
    const day = (t: number) => days.find((d) => d.day === dayOf(t));
    expect(day(today)).toEqual({ day: dayOf(today), activePlayers: 3, newPlayers: 3, logins: 4 });
    expect(day(today - DAY)).toEqual({ day: dayOf(today - DAY), activePlayers: 2, newPlayers: 0, logins: 3 });
    expect(day(today - 3 * DAY)).toEqual({ day: dayOf(today - 3 * DAY), activePlayers: 1, newPlayers: 0, logins: 1 });
    expect(day(today - 2 * DAY)?.logins).toBe(0);
    expect(hours).toHaveLength(7 * 24);
    const hour = (t: number) => hours.find((h) => h.hour === hourOf(t));
    expect(hour(today - DAY + 10 * HOUR)).toEqual({ hour: hourOf(today - DAY + 10 * HOUR), logins: 2, newPlayers: 0 });
    expect(hour(today - DAY + 11 * HOUR)?.logins).toBe(1);
    expect(hour(NOW)).toMatchObject({ logins: 4, newPlayers: 3 });
    expect(hours.reduce((s, h) => s + h.logins, 0)).toBe(8);

    // Today: one day, the last 24 hours.
    const todayOnly = await get<Activity>('/api/v1/dashboard/activity?range=today');
    expect(todayOnly.data.days).toEqual([day(today)]);
    expect(todayOnly.data.hours).toHaveLength(24);
    expect(todayOnly.data.hours.at(-1)?.hour).toBe(hourOf(NOW));
    const month = await get<Activity>('/api/v1/dashboard/activity?range=30d');
    expect(month.data.days).toHaveLength(30);
    expect(month.data.days.reduce((s, d) => s + d.logins, 0)).toBe(8);

    // Another login of b today: one more login, b counted once among today's active players.
    await gameLogin(devices[1]);
    await rollup();
    await rollup();
    const again = await get<Activity>('/api/v1/dashboard/activity?range=today');
    expect(again.data.days[0]).toMatchObject({ activePlayers: 3, logins: 5, newPlayers: 3 });
    expect(again.data.onlineNow).toBe(3);
    expect(c).toBeGreaterThan(b);

    // "Online now" reads the log after the last checkpoint before its window: a run noted six
    // minutes ago vouches that everything up to then is older, so only later logins count.
    await rollup(NOW - 6 * 60_000);
    expect((await get<Activity>('/api/v1/dashboard/activity')).data.onlineNow).toBe(0);
    await gameLogin(devices[2]);
    expect((await get<Activity>('/api/v1/dashboard/activity')).data.onlineNow).toBe(1);
    ctx.clock.set(null);
  });

  it('refuses an unknown range with a field message', async () => {
    const res = await ctx.call('GET', '/api/v1/dashboard/activity?range=year', { token: ctx.adminToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('range');
  });
});

describe('dashboard cards by permission', () => {
  it('gives staff counts and pending registrations only to those who may see staff', async () => {
    const service = await ctx.userWithRole('service');
    for (const card of ['staff', 'registrations', 'audit', 'moderation']) {
      expect((await get(`/api/v1/dashboard/${card}`, service.token)).status, card).toBe(403);
    }
    expect((await get('/api/v1/dashboard/activity', service.token)).status).toBe(200);
    const staff = await get<{ staffUsers: number; activeStaffUsers: number; roles: number }>('/api/v1/dashboard/staff');
    expect(staff.status).toBe(200);
    expect(staff.data.activeStaffUsers).toBeGreaterThanOrEqual(2);
    expect(staff.data.roles).toBeGreaterThanOrEqual(7);
    const operation = await ctx.userWithRole('operation');
    expect((await get('/api/v1/dashboard/staff', operation.token)).status).toBe(403);
    expect((await get<{ pending: number }>('/api/v1/dashboard/registrations', operation.token)).data.pending).toBe(0);
  });

  it('lists mails opening soon in the reader language, for the scopes the reader may read', async () => {
    const inHours = (h: number) => new Date(ctx.clock.now().getTime() + h * HOUR).toISOString();
    const texts = {
      title: { 'zh-CN': '周末活动', 'en-US': 'Weekend event' },
      content: { 'zh-CN': '内容', 'en-US': 'Body' },
    };
    const sent = await ctx.call('POST', '/api/v1/email', {
      token: ctx.adminToken,
      body: { ...texts, mailScope: 'global', effectiveAt: inHours(2), expireAt: inHours(48) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const later = await ctx.call('POST', '/api/v1/email', {
      token: ctx.adminToken,
      body: { ...texts, mailScope: 'global', effectiveAt: inHours(24 * 10), expireAt: inHours(24 * 11) },
    });
    expect(later.statusCode, later.body).toBe(200);
    type Schedule = { scheduledMails: number; startingSoon: { id: number; title: string; scope: string }[] };
    const en = await get<Schedule>('/api/v1/dashboard/schedule');
    expect(en.data.scheduledMails).toBe(2);
    expect(en.data.startingSoon).toEqual([
      expect.objectContaining({ id: sent.json().data.id, title: 'Weekend event', scope: 'global' }),
    ]);
    const zh = await get<Schedule>('/api/v1/dashboard/schedule', ctx.adminToken, 'zh-CN');
    expect(zh.data.startingSoon[0].title).toBe('周末活动');
    // A reader of personal mail only sees no global mail.
    const personal = await ctx.userWithPermissions(`personalMail${Date.now()}`, ['mailQuery']);
    const own = await get<Schedule>('/api/v1/dashboard/schedule', personal.token);
    expect(own.data).toEqual({ scheduledMails: 0, startingSoon: [] });
  });

  it('shows open suspicion reviews and the latest audit entries', async () => {
    const moderation = await get<{ openSuspicions: number; oldestOpenAt: string | null }>(
      '/api/v1/dashboard/moderation',
    );
    expect(moderation.data).toEqual({ openSuspicions: 0, oldestOpenAt: null });
    const audit = await get<{ id: number; action: string; target: string }[]>('/api/v1/dashboard/audit');
    expect(audit.data).toHaveLength(10);
    expect(audit.data.map((a) => a.action)).toContain('createRole');
    const ids = audit.data.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });
});
