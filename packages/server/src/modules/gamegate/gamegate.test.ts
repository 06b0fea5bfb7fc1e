import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';
import { players } from '../players/tables.js';

/** Maintenance, version upgrade and IP country, proven through the game login. */

let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** Move the service clock; staff sessions follow it, so the admin signs in again at the new time. */
const setClock = async (at: Date | null) => {
  ctx.clock.set(at);
  ctx.adminToken = await ctx.login('admin', ADMIN_PASSWORD);
};

const admin = async (method: string, url: string, body?: unknown) => {
  const res = await ctx.call(method, url, { token: ctx.adminToken, body });
  return { status: res.statusCode, body: res.json() };
};

/** The Android upgrade rule both upgrade tests save: 2.0.0 the latest, below 1.5.0 forced. */
const ANDROID_UPGRADE = {
  platform: 'android',
  latestVersion: '2.0.0',
  minVersion: '1.5.0',
  storeUrl: 'https://play.google.com/store/apps/details?id=com.example.rookery',
  'zh-CN': '新版本已发布',
  'en-US': 'A new version is out',
};

interface LoginOpts {
  deviceId?: string;
  appVersion?: string;
  country?: string;
  ip?: string;
  language?: string;
  os?: string;
  /** The request's Accept-Language (en-US unless given). */
  acceptLanguage?: string;
}
const device = () => {
  n += 1;
  return `gate-dev-${n}-${Math.random().toString(36).slice(2, 8)}`;
};
async function login(o: LoginOpts = {}, app = ctx.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/game/v1/players/login',
    headers: { 'x-game-key': GAME_KEY, 'accept-language': o.acceptLanguage ?? 'en-US' },
    remoteAddress: o.ip ?? '127.0.0.1',
    payload: {
      deviceId: o.deviceId ?? device(),
      deviceModel: 'Pixel 8',
      os: o.os ?? 'android',
      appVersion: o.appVersion ?? '1.3.0',
      language: o.language ?? 'en',
      ...(o.country ? { country: o.country } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() };
}
const countryOf = async (userId: number) =>
  (await ctx.database.db.select({ country: players.country }).from(players).where(eq(players.id, userId)))[0].country;

describe('IP country at login', () => {
  it('fills the country from the IP database when the game does not send it; a sent country wins', async () => {
    const gb = await login({ ip: '81.2.69.142' });
    expect(gb.status).toBe(200);
    expect(await countryOf(gb.body.data.userId)).toBe('GB');
    const v6 = await login({ ip: '2001:4860:4860::8888' });
    expect(await countryOf(v6.body.data.userId)).toBe('US');
    const sent = await login({ ip: '81.2.69.142', country: 'JP' });
    expect(await countryOf(sent.body.data.userId)).toBe('JP');
    const lan = await login({ ip: '192.168.1.20' });
    // Nothing known about a new player's country: none stored.
    expect(await countryOf(lan.body.data.userId)).toBeNull();
  });

  it('keeps the last known country when neither the game nor the IP says one (game > override > database > last known)', async () => {
    const deviceId = device();
    const first = await login({ deviceId, ip: '192.168.1.20', country: 'CN' });
    expect(first.status).toBe(200);
    const userId = first.body.data.userId as number;
    expect(await countryOf(userId)).toBe('CN');
    // A private address the IP database does not know, no country sent: still China.
    const lan = await login({ deviceId, ip: '10.1.2.3' });
    expect(lan.status).toBe(200);
    expect(lan.body.data.userId).toBe(userId);
    expect(await countryOf(userId)).toBe('CN');
    // The IP database, when it knows the address, replaces it; a country sent replaces both.
    await login({ deviceId, ip: '81.2.69.142' });
    expect(await countryOf(userId)).toBe('GB');
    await login({ deviceId, ip: '81.2.69.142', country: 'JP' });
    expect(await countryOf(userId)).toBe('JP');
    await login({ deviceId, ip: '127.0.0.1' });
    expect(await countryOf(userId)).toBe('JP');
  });

  it('a sent country that is no ISO code gives way to the IP database; a code in any case is stored upper case', async () => {
    for (const country of ['XX', 'ß', 'usa']) {
      const res = await login({ ip: '81.2.69.142', country });
      expect(res.status).toBe(200);
      expect(await countryOf(res.body.data.userId), country).toBe('GB');
    }
    const se = await login({ ip: '81.2.69.142', country: ' se ' });
    expect(await countryOf(se.body.data.userId)).toBe('SE');
  });

  it('an operator override by CIDR wins over the database, at once and for the lookup screen too', async () => {
    const bad = await admin('POST', '/api/v1/resources/ipCountry', {
      name: 'bad',
      cidr: '81.2.69.0/33',
      country: 'DE',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('CIDR');
    const created = await admin('POST', '/api/v1/resources/ipCountry', {
      name: 'berlinLab',
      cidr: '81.2.69.128/25',
      country: 'DE',
      note: 'test lab',
    });
    expect(created.status).toBe(200);
    const lab = await login({ ip: '81.2.69.142' });
    expect(await countryOf(lab.body.data.userId)).toBe('DE');
    const lookup = await admin('GET', '/api/v1/ip-country/lookup?ip=81.2.69.142');
    expect(lookup.body.data).toEqual({ ip: '81.2.69.142', country: 'DE', source: 'override', override: 'berlinLab' });
    expect((await admin('GET', '/api/v1/ip-country/lookup?ip=89.160.20.112')).body.data.country).toBe('SE');
    expect((await admin('GET', '/api/v1/ip-country/lookup?ip=nope')).status).toBe(400);
    await admin('DELETE', '/api/v1/resources/ipCountry/berlinLab');
    const after = await login({ ip: '81.2.69.142' });
    expect(await countryOf(after.body.data.userId)).toBe('GB');
  });
});

describe('version upgrade at login', () => {
  it('426 with the upgrade below the minimum; a prompt between; nothing at the latest; levels by condition', async () => {
    const rule = ANDROID_UPGRADE;
    const wrong = await admin('POST', '/api/v1/resources/appUpgrade', { ...rule, minVersion: '2.1' });
    expect(wrong.status).toBe(400);
    expect((await admin('POST', '/api/v1/resources/appUpgrade', rule)).status).toBe(200);

    const old = await login({ appVersion: '1.4.9' });
    expect(old.status).toBe(426);
    expect(old.body.data.upgrade).toEqual({
      level: 'forced',
      latest: '2.0.0',
      url: rule.storeUrl,
      message: 'A new version is out',
    });
    expect(old.body.msg).toContain('A new version is out');
    const zh = await login({ appVersion: '1.0', language: 'zh-CN' });
    expect(zh.body.data.upgrade.message).toBe('新版本已发布');

    const between = await login({ appVersion: '1.5.0' });
    expect(between.status).toBe(200);
    expect(between.body.data.upgrade).toMatchObject({ level: 'recommended', latest: '2.0.0' });
    expect(between.body.data.userId).toBeGreaterThan(0);

    const latest = await login({ appVersion: '2.0.0' });
    expect(latest.status).toBe(200);
    expect(latest.body.data.upgrade).toBeUndefined();
    expect((await login({ appVersion: '1.0.0', os: 'ios' })).status).toBe(200);

    // Players in GB only get a silent upgrade; everyone on 1.6.x below it is forced.
    const silent = await admin('POST', '/api/v1/resources/upgradeLevel', {
      name: 'gbSilent',
      level: 'silent',
      order: 2,
      conditions: [{ attr: 'country', op: 'include', value: ['gb'] }],
    });
    expect(silent.status).toBe(200);
    const forced = await admin('POST', '/api/v1/resources/upgradeLevel', {
      name: 'old16',
      level: 'forced',
      order: 1,
      platforms: ['android'],
      conditions: [{ attr: 'appVersion', op: 'lte', value: '1.6.9' }],
    });
    expect(forced.status).toBe(200);
    expect(
      (await admin('POST', '/api/v1/resources/upgradeLevel', { name: 'bad', level: 'loud', conditions: [] })).status,
    ).toBe(400);
    expect((await login({ appVersion: '1.7.0', ip: '81.2.69.142' })).body.data.upgrade.level).toBe('silent');
    expect((await login({ appVersion: '1.7.0', ip: '89.160.20.112' })).body.data.upgrade.level).toBe('recommended');
    expect((await login({ appVersion: '1.6.2', ip: '81.2.69.142' })).status).toBe(426);

    for (const name of ['gbSilent', 'old16']) await admin('DELETE', `/api/v1/resources/upgradeLevel/${name}`);
    await admin('DELETE', '/api/v1/resources/appUpgrade/android');
    expect((await login({ appVersion: '1.0.0' })).body.data.upgrade).toBeUndefined();
  });
});

describe('maintenance at login', () => {
  it('a window refuses login with its message and end time, lets the allow-list through, lifts at its end; both edges audited', async () => {
    const now = Date.parse('2031-03-01T10:00:00.000Z');
    await setClock(new Date(now));
    try {
      const allowedDevice = device();
      const knownDevice = device();
      const known = await login({ deviceId: knownDevice });
      const knownUser = known.body.data.userId as number;
      expect(
        (
          await admin('POST', '/api/v1/resources/maintenanceWindow', {
            name: 'bad',
            startAt: '2031-03-01T11:00:00Z',
            endAt: '2031-03-01T10:00:00Z',
            'zh-CN': '维护',
            'en-US': 'Maintenance',
          })
        ).status,
      ).toBe(400);
      const window = await admin('POST', '/api/v1/resources/maintenanceWindow', {
        name: 'march',
        startAt: '2031-03-01T10:30:00Z',
        endAt: '2031-03-01T12:00:00Z',
        'zh-CN': '服务器升级中',
        'en-US': 'Servers are being upgraded',
      });
      expect(window.status).toBe(200);
      const allow = await admin('POST', '/api/v1/resources/maintenanceAllowList', {
        name: 'qa',
        userIds: [knownUser],
        deviceIds: [allowedDevice],
        cidrs: ['203.0.113.0/24'],
      });
      expect(allow.status).toBe(200);
      expect((await admin('GET', '/api/v1/maintenance/active')).body.data.active).toEqual([]);
      expect((await login()).status).toBe(200);

      await setClock(new Date(Date.parse('2031-03-01T10:31:00Z')));
      const refused = await login();
      expect(refused.status).toBe(503);
      expect(refused.body.data.maintenance).toEqual({
        name: 'march',
        message: 'Servers are being upgraded',
        endAt: '2031-03-01T12:00:00.000Z',
      });
      // The player's language (the login's), whatever the request's header says; the time formatted, in UTC.
      expect(refused.body.msg).toBe('Under maintenance: Servers are being upgraded (until March 1, 2031 at 12:00 UTC)');
      const enFromZhHeader = await login({ language: 'en-GB', acceptLanguage: 'zh-CN' });
      expect(enFromZhHeader.body.msg).toBe(refused.body.msg);
      const zh = await login({ language: 'zh-Hans' });
      expect(zh.status).toBe(503);
      expect(zh.body.data.maintenance.message).toBe('服务器升级中');
      expect(zh.body.msg).toBe('服务器维护中：服务器升级中（预计 2031年3月1日 UTC 12:00 结束）');
      // A language that is neither: English.
      expect((await login({ language: 'fr-FR', acceptLanguage: 'zh-CN' })).body.msg).toBe(refused.body.msg);
      // Through by device ID, by address range, and by user ID (the player this device signs in).
      expect((await login({ deviceId: allowedDevice })).status).toBe(200);
      expect((await login({ ip: '203.0.113.9' })).status).toBe(200);
      const again = await login({ deviceId: knownDevice });
      expect(again.status).toBe(200);
      expect(again.body.data.userId).toBe(knownUser);

      const banner = await admin('GET', '/api/v1/maintenance/active');
      expect(banner.body.data.active).toMatchObject([{ name: 'march', endAt: '2031-03-01T12:00:00.000Z' }]);

      await setClock(new Date(Date.parse('2031-03-01T12:00:00Z')));
      expect((await login()).status).toBe(200);
      expect((await admin('GET', '/api/v1/maintenance/active')).body.data.active).toEqual([]);

      const log = await admin('GET', '/api/v1/system/log?target=maintenanceWindow:march&page=1&pageSize=20');
      const actions = (log.body.data.list as { action: string; actor: string }[]).map((e) => e.action);
      expect(actions.filter((a) => a === 'maintenanceStarted')).toHaveLength(1);
      expect(actions.filter((a) => a === 'maintenanceEnded')).toHaveLength(1);
    } finally {
      await setClock(null);
    }
  });

  it('a window scoped to a platform and versions closes only those', async () => {
    const now = Date.parse('2032-05-01T10:00:00.000Z');
    await setClock(new Date(now));
    try {
      const res = await admin('POST', '/api/v1/resources/maintenanceWindow', {
        name: 'iosOld',
        startAt: '2032-05-01T09:00:00Z',
        endAt: '2032-05-01T11:00:00Z',
        'zh-CN': 'iOS 旧版本维护',
        'en-US': 'Old iOS versions under maintenance',
        platforms: ['ios'],
        maxVersion: '1.9',
      });
      expect(res.status).toBe(200);
      expect((await login({ os: 'ios', appVersion: '1.3.0' })).status).toBe(503);
      expect((await login({ os: 'ios', appVersion: '2.0.0' })).status).toBe(200);
      expect((await login({ os: 'android', appVersion: '1.3.0' })).status).toBe(200);
    } finally {
      await setClock(null);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it("a window opened through the first instance closes the second one's door; deleting it opens it", async () => {
    const second = await createTestContext({ shareDatabaseOf: ctx });
    try {
      expect((await login({}, second.app)).status).toBe(200);
      const start = new Date(Date.now() - 60_000).toISOString();
      const end = new Date(Date.now() + 3_600_000).toISOString();
      const res = await admin('POST', '/api/v1/resources/maintenanceWindow', {
        name: 'shared',
        startAt: start,
        endAt: end,
        'zh-CN': '维护中',
        'en-US': 'Down for maintenance',
      });
      expect(res.status).toBe(200);
      await expect.poll(async () => (await login({}, second.app)).status, { timeout: 15_000 }).toBe(503);
      await admin('DELETE', '/api/v1/resources/maintenanceWindow/shared');
      await expect.poll(async () => (await login({}, second.app)).status, { timeout: 15_000 }).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('the config fetch asks the same door', () => {
  const fetchConfig = async (userId: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/game/v1/players/${userId}/config`,
      headers: { 'x-game-key': GAME_KEY, 'accept-language': 'en-US' },
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('503 in a window, 426 below the minimum, the upgrade beside the values in between', async () => {
    const recommended = (await login({ appVersion: '1.6.0' })).body.data.userId as number;
    const old = (await login({ appVersion: '1.1.0' })).body.data.userId as number;
    expect((await fetchConfig(recommended)).body.data.upgrade).toBeUndefined();
    const rule = await admin('POST', '/api/v1/resources/appUpgrade', ANDROID_UPGRADE);
    expect(rule.status).toBe(200);
    const prompt = await fetchConfig(recommended);
    expect(prompt.status).toBe(200);
    expect(prompt.body.data.upgrade).toMatchObject({ level: 'recommended', latest: '2.0.0' });
    expect(prompt.body.data.values).toBeDefined();
    const forced = await fetchConfig(old);
    expect(forced.status).toBe(426);
    expect(forced.body.data.upgrade.level).toBe('forced');

    await setClock(new Date('2033-01-01T10:00:00Z'));
    try {
      await admin('POST', '/api/v1/resources/maintenanceWindow', {
        name: 'newYear',
        startAt: '2033-01-01T09:00:00Z',
        endAt: '2033-01-01T11:00:00Z',
        'zh-CN': '新年维护',
        'en-US': 'New year maintenance',
      });
      const closed = await fetchConfig(recommended);
      expect(closed.status).toBe(503);
      expect(closed.body.data.maintenance).toEqual({
        name: 'newYear',
        message: 'New year maintenance',
        endAt: '2033-01-01T11:00:00.000Z',
      });
    } finally {
      await setClock(null);
      await admin('DELETE', '/api/v1/resources/maintenanceWindow/newYear');
      await admin('DELETE', '/api/v1/resources/appUpgrade/android');
    }
  });
});

describe('the store fetch and the mailbox ask the same door', () => {
  const read = async (userId: number, what: 'store' | 'mailbox') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/game/v1/players/${userId}/${what}`,
      headers: { 'x-game-key': GAME_KEY, 'accept-language': 'en-US' },
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('426 below the minimum, 503 in a window, a whitelisted player through; answers otherwise as they were', async () => {
    // A stopped clock: the mailbox's answer carries the server's time.
    await setClock(new Date('2034-01-01T08:00:00Z'));
    const recent = (await login({ appVersion: '1.6.0' })).body.data.userId as number;
    const old = (await login({ appVersion: '1.1.0' })).body.data.userId as number;
    const allowed = (await login({ appVersion: '1.6.0' })).body.data.userId as number;
    const before = { store: await read(recent, 'store'), mailbox: await read(recent, 'mailbox') };
    expect(before.store.status).toBe(200);
    expect(before.mailbox.status).toBe(200);
    expect((await admin('POST', '/api/v1/resources/appUpgrade', ANDROID_UPGRADE)).status).toBe(200);
    try {
      for (const what of ['store', 'mailbox'] as const) {
        const forced = await read(old, what);
        expect(forced.status).toBe(426);
        expect(forced.body.data.upgrade).toMatchObject({ level: 'forced', latest: '2.0.0' });
        // A recommended upgrade is the config's to tell: the store and the mailbox answer as before.
        expect(await read(recent, what)).toEqual(before[what]);
      }
      await setClock(new Date('2034-01-01T10:00:00Z'));
      await admin('POST', '/api/v1/resources/maintenanceWindow', {
        name: 'storeDoor',
        startAt: '2034-01-01T09:00:00Z',
        endAt: '2034-01-01T11:00:00Z',
        'zh-CN': '商店维护',
        'en-US': 'Store maintenance',
      });
      await admin('POST', '/api/v1/resources/maintenanceAllowList', { name: 'storeQa', userIds: [allowed] });
      for (const what of ['store', 'mailbox'] as const) {
        const closed = await read(recent, what);
        expect(closed.status).toBe(503);
        expect(closed.body.data.maintenance).toMatchObject({ name: 'storeDoor', message: 'Store maintenance' });
        expect((await read(allowed, what)).status).toBe(200);
      }
    } finally {
      await setClock(null);
      await admin('DELETE', '/api/v1/resources/maintenanceWindow/storeDoor');
      await admin('DELETE', '/api/v1/resources/maintenanceAllowList/storeQa');
      await admin('DELETE', '/api/v1/resources/appUpgrade/android');
    }
  });
});
