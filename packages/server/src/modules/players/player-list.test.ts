import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function playerOn(os: string, country: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/game/v1/players/login',
    headers: { 'x-game-key': GAME_KEY },
    payload: {
      deviceId: `list-${Math.random().toString(36).slice(2, 12)}`,
      deviceModel: 'model',
      os,
      appVersion: '1.0.0',
      language: 'en',
      country,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.userId;
}

const listed = async (query: string): Promise<number[]> => {
  const res = await ctx.call('GET', `/api/v1/game-users?page=1&pageSize=100&${query}`, { token: ctx.adminToken });
  expect(res.statusCode).toBe(200);
  return res.json().data.list.map((p: { userId: number }) => p.userId);
};

describe('the game-user list filters', () => {
  it('finds an OS and a country in any case', async () => {
    const lower = await playerOn('ios', 'US');
    const mixed = await playerOn('iOS', 'us');
    const android = await playerOn('android', 'DE');
    for (const os of ['ios', 'IOS', 'iOS']) {
      const ids = await listed(`os=${os}`);
      expect(ids).toEqual(expect.arrayContaining([lower, mixed]));
      expect(ids).not.toContain(android);
    }
    const us = await listed('country=us');
    expect(us).toEqual(expect.arrayContaining([lower, mixed]));
    expect(us).not.toContain(android);
  });

  it('reads the filter as the login stores the value: other systems are `other`, a non-code country matches nobody', async () => {
    const harmony = await playerOn('HarmonyOS', 'SS');
    const turkish = await playerOn('İOS', 'CN');
    expect(await listed('os=other')).toContain(harmony);
    expect(await listed('os=harmonyos')).toContain(harmony);
    expect(await listed('os=ios')).toContain(turkish);
    expect(await listed('os=ios')).not.toContain(harmony);
    expect(await listed('country=SS')).toEqual([harmony]);
    // JavaScript upper-cases ß to SS; the filter does not.
    expect(await listed(`country=${encodeURIComponent('ß')}`)).toEqual([]);
  });
});
