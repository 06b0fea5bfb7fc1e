import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const game = (method: string, url: string, body?: unknown, locale = 'en-US') => ctx.game(method, url, { body, locale });
const admin = (method: string, url: string, body?: unknown, locale = 'en-US') =>
  ctx.call(method, url, { token: ctx.adminToken, body, locale });

let n = 0;
async function player() {
  n += 1;
  const res = await game('POST', '/api/game/v1/players/login', {
    deviceId: `push-device-${n}-${Date.now()}`,
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.0.0',
    language: 'en-US',
    country: 'US',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

const fcm = (tag: string) => `${tag}:APA91b${'x'.repeat(140)}_${Date.now()}`;
const apns = (digit: string) => digit.repeat(64);
const device = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  platform: 'android',
  language: 'zh-CN',
  timezone: 'Asia/Shanghai',
  appVersion: '1.2.3',
  ...extra,
});
const devicesOf = async (userId: number) => {
  const res = await admin('GET', `/api/v1/push/players/${userId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { devices: { platform: string; timezone: string }[]; topics: string[] };
};

describe('push devices', () => {
  it('registers several devices of a player, moves a token to another player, deletes on sign-out', async () => {
    const a = await player();
    const b = await player();
    const t1 = fcm('one');
    let res = await game('PUT', `/api/game/v1/players/${a}/push-token`, device(t1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ registered: true, moved: false, devices: 1 });
    res = await game(
      'PUT',
      `/api/game/v1/players/${a}/push-token`,
      device(apns('a'), { platform: 'ios', timezone: 'America/New_York', language: 'en-US' }),
    );
    expect(res.json().data).toEqual({ registered: true, moved: false, devices: 2 });
    // Again: refreshed, not a new row.
    res = await game('PUT', `/api/game/v1/players/${a}/push-token`, device(t1, { appVersion: '1.2.4' }));
    expect(res.json().data).toEqual({ registered: false, moved: false, devices: 2 });
    expect((await devicesOf(a)).devices.map((d) => d.platform).sort()).toEqual(['android', 'ios']);
    // An iOS game built with the Firebase SDK registers the FCM token Firebase made of its APNs token.
    const iosFcm = fcm('ios-fcm');
    res = await game('PUT', `/api/game/v1/players/${b}/push-token`, device(iosFcm, { platform: 'ios' }));
    expect(res.json().data).toEqual({ registered: true, moved: false, devices: 1 });
    expect((await devicesOf(b)).devices.map((d) => d.platform)).toEqual(['ios']);
    res = await game('DELETE', `/api/game/v1/players/${b}/push-token`, { token: iosFcm });
    expect(res.json().data).toEqual({ removed: true });

    // The token signs in as another player: it moves.
    res = await game('PUT', `/api/game/v1/players/${b}/push-token`, device(t1));
    expect(res.json().data).toEqual({ registered: false, moved: true, devices: 1 });
    expect((await devicesOf(a)).devices.map((d) => d.platform)).toEqual(['ios']);
    expect((await devicesOf(b)).devices.map((d) => d.platform)).toEqual(['android']);

    // Sign-out of the former owner removes nothing of the new owner's.
    res = await game('DELETE', `/api/game/v1/players/${a}/push-token`, { token: t1 });
    expect(res.json().data).toEqual({ removed: false });
    res = await game('DELETE', `/api/game/v1/players/${b}/push-token`, { token: t1 });
    expect(res.json().data).toEqual({ removed: true });
    expect((await devicesOf(b)).devices).toEqual([]);
  });

  it('refuses bad tokens, platforms and time zones with a reason, writing nothing', async () => {
    const a = await player();
    const bad: [Record<string, unknown>, string, string][] = [
      [device(''), 'token', 'empty'],
      [device('x'.repeat(10_240)), 'token', 'too long'],
      [device(apns('b')), 'token', 'Android (FCM)'],
      // Neither an APNs token (an odd number of hexadecimal digits) nor an FCM token (too short).
      [device('a'.repeat(63), { platform: 'ios' }), 'token', 'Not an iOS token'],
      [device('ios-token-1', { platform: 'ios' }), 'token', 'Not an iOS token'],
      [device(fcm('p'), { platform: 'windows' }), 'platform', 'android or ios'],
      [device(fcm('tz'), { timezone: 'Mars/Olympus' }), 'timezone', 'IANA'],
      [device(fcm('tz2'), { timezone: 'GMT+8' }), 'timezone', 'IANA'],
      [device(fcm('tz3'), { timezone: '' }), 'timezone', 'IANA'],
    ];
    for (const [body, field, text] of bad) {
      const res = await game('PUT', `/api/game/v1/players/${a}/push-token`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      const fields = res.json().errors as { field: string; message: string }[];
      const f = fields.find((x) => x.field === field);
      expect(f?.message, res.body.slice(0, 500)).toContain(text);
    }
    const zh = await game(
      'PUT',
      `/api/game/v1/players/${a}/push-token`,
      device(fcm('z'), { timezone: 'Nowhere' }),
      'zh-CN',
    );
    expect(zh.json().errors[0].message).toContain('时区');
    expect((await devicesOf(a)).devices).toEqual([]);
    // An unknown player: 404.
    const res = await game('PUT', '/api/game/v1/players/987654321/push-token', device(fcm('nobody')));
    expect(res.statusCode).toBe(404);
  });
});

describe('push topics', () => {
  it('subscribes and unsubscribes; unknown topics are named; the list counts subscribers', async () => {
    let res = await admin('POST', '/api/v1/resources/pushTopic', {
      key: 'events',
      'zh-CN': '活动通知',
      'en-US': 'Event news',
      enabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await admin('POST', '/api/v1/resources/pushTopic', {
      key: 'offDuty',
      'zh-CN': '停用',
      'en-US': 'Off',
      enabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const count = async () => {
      const list = await admin('GET', '/api/v1/resources/pushTopic');
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json().data.list as { key: string; computed?: Record<string, unknown> }[];
      const item = items.find((i) => i.key === 'events') as Record<string, unknown>;
      return (item.computed as Record<string, number> | undefined)?.subscribers ?? item.subscribers;
    };
    expect(await count()).toBe(0);
    const a = await player();
    const b = await player();
    res = await game('PUT', `/api/game/v1/players/${a}/push-topics`, { subscribe: ['events'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.topics).toEqual(['events']);
    await game('PUT', `/api/game/v1/players/${b}/push-topics`, { subscribe: ['events', 'events'] });
    expect(await count()).toBe(2);

    res = await game('PUT', `/api/game/v1/players/${a}/push-topics`, { subscribe: ['nope', 'offDuty', 'events'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('nope, offDuty');
    expect(await count()).toBe(2);

    res = await game('PUT', `/api/game/v1/players/${a}/push-topics`, { unsubscribe: ['events'] });
    expect(res.json().data.topics).toEqual([]);
    expect(await count()).toBe(1);
    expect((await devicesOf(b)).topics).toEqual(['events']);

    // A deleted topic takes its subscriptions with it.
    res = await admin('DELETE', '/api/v1/resources/pushTopic/events');
    expect(res.statusCode, res.body).toBe(200);
    expect((await devicesOf(b)).topics).toEqual([]);
  });
});

describe('push templates', () => {
  let templates = 0;
  const template = (extra: Record<string, unknown> = {}) => ({
    name: `tmpl${++templates}`,
    titleZh: '{nickname}，钻石到账',
    bodyZh: '你获得了 {gems} 钻石',
    titleEn: '{nickname}, gems arrived',
    bodyEn: 'You got {gems} gems',
    deepLink: 'mygame://shop',
    imageUrl: 'https://cdn.example.com/gem.png',
    ...extra,
  });
  it('saves a template with known variables, versioned', async () => {
    const body = template();
    let res = await admin('POST', '/api/v1/resources/pushTemplate', body);
    expect(res.statusCode, res.body).toBe(200);
    res = await admin('PUT', `/api/v1/resources/pushTemplate/${body.name}`, {
      ...body,
      bodyEn: 'You got {gems} gems!',
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await admin('GET', `/api/v1/resources/pushTemplate/${body.name}/versions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.length).toBe(2);
  });
  it('refuses a variable a send cannot provide, in the operator language, and non-https images', async () => {
    let res = await admin('POST', '/api/v1/resources/pushTemplate', template({ bodyEn: 'Hi {nickname} {coupon}' }));
    expect(res.statusCode).toBe(400);
    let field = (res.json().errors as { field: string; message: string }[]).find((f) => f.field === 'bodyEn');
    expect(field?.message).toContain('{coupon}');
    expect(field?.message).toContain('cannot provide');
    res = await admin('POST', '/api/v1/resources/pushTemplate', template({ titleZh: '{奖励}' }), 'zh-CN');
    field = (res.json().errors as { field: string; message: string }[]).find((f) => f.field === 'titleZh');
    expect(field?.message).toContain('无法提供');
    expect(field?.message).toContain('{奖励}');
    res = await admin('POST', '/api/v1/resources/pushTemplate', template({ imageUrl: 'http://cdn.example.com/a.png' }));
    expect(res.statusCode).toBe(400);
    res = await admin('POST', '/api/v1/resources/pushTemplate', template({ deepLink: 'javascript://alert(1)' }));
    expect(res.statusCode).toBe(400);
  });
});
