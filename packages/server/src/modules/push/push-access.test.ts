import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * Who may call push (issue 44): the console's reads and changes each need their permission (401
 * without a session, 403 without the permission), the game's calls the game key; a refusal
 * changes nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const topic = { key: 'news', 'zh-CN': '新闻', 'en-US': 'News', enabled: true };
const template = {
  name: 'welcome',
  titleZh: '欢迎',
  bodyZh: '{nickname}，欢迎',
  titleEn: 'Welcome',
  bodyEn: 'Welcome, {nickname}',
  deepLink: '',
  imageUrl: '',
  note: '',
};
const send = { name: 'Access', audience: 'all', content: 'text', titleEn: 'Hi', bodyEn: 'Hello', timing: 'now' };
const device = {
  token: `access:APA91b${'y'.repeat(140)}`,
  platform: 'android',
  language: 'en-US',
  timezone: 'Europe/Paris',
  appVersion: '1.0.0',
};

describe('push access', () => {
  it('refuses without a session, without the permission and without the game key; nothing changes', async () => {
    const login = await ctx.game('POST', '/api/game/v1/players/login', {
      body: {
        deviceId: 'push-access-1',
        deviceModel: 'Pixel 8',
        os: 'android',
        appVersion: '1.0.0',
        language: 'en-US',
        country: 'US',
      },
    });
    const userId = login.json().data.userId as number;
    const reader = await ctx.userWithPermissions('pushReader', ['pushQuery', 'pushTemplateQuery', 'pushTopicQuery']);
    const outsider = await ctx.userWithPermissions('pushOutsider', ['mailQuery']);
    const before = await ctx.fingerprint();

    const writes: [string, string, unknown][] = [
      ['POST', '/api/v1/resources/pushTopic', topic],
      ['POST', '/api/v1/resources/pushTemplate', template],
      // Sending needs pushSend, which a reader lacks.
      ['POST', '/api/v1/push/sends', send],
      ['POST', '/api/v1/push/sends/test', { ...send, testUserIds: String(userId) }],
      ['POST', '/api/v1/push/sends/1/cancel', undefined],
    ];
    const reads = [
      `/api/v1/push/players/${userId}`,
      '/api/v1/resources/pushTopic',
      '/api/v1/resources/pushTemplate',
      '/api/v1/push/sends',
    ];
    for (const [method, url, body] of writes) {
      expect((await ctx.call(method, url, { body })).statusCode, url).toBe(401);
      expect((await ctx.call(method, url, { token: reader.token, body })).statusCode, url).toBe(403);
    }
    for (const url of reads) {
      expect((await ctx.call('GET', url)).statusCode, url).toBe(401);
      expect((await ctx.call('GET', url, { token: outsider.token })).statusCode, url).toBe(403);
      expect((await ctx.call('GET', url, { token: reader.token })).statusCode, url).toBe(200);
    }
    // The game's calls: no key, a wrong key, a console session instead of the key.
    const tokenUrl = `/api/game/v1/players/${userId}/push-token`;
    expect((await ctx.call('PUT', tokenUrl, { body: device })).statusCode).toBe(401);
    const wrong = await ctx.game('PUT', tokenUrl, { body: device, headers: { 'x-game-key': 'wrong' } });
    expect(wrong.statusCode).toBe(401);
    expect((await ctx.call('PUT', tokenUrl, { token: ctx.adminToken, body: device })).statusCode).toBe(401);
    const topicsUrl = `/api/game/v1/players/${userId}/push-topics`;
    expect((await ctx.call('PUT', topicsUrl, { body: { subscribe: [] } })).statusCode).toBe(401);

    const after = await ctx.fingerprint();
    for (const table of [
      'push_devices',
      'push_topic_subscriptions',
      'resource_items',
      'resource_versions',
      'audit_log',
    ]) {
      expect(before[table], table).toBeDefined();
      expect(after[table], table).toBe(before[table]);
    }
  });
});
