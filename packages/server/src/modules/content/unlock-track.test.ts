import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const TRACK = '/api/v1/resources/unlockTrack';

async function fetchTrack(etag?: string) {
  const { data, ...rest } = await ctx.gameRead('/api/game/v1/content?kinds=unlockTrack', etag);
  return { ...rest, track: data?.content.unlockTrack };
}

const save = (method: 'POST' | 'PUT', url: string, body: unknown, locale = 'en-US', token = ctx.adminToken) =>
  ctx.call(method, url, { token, body, locale });

describe('the unlock track through the game content', () => {
  it('publishes each row to the game as { kind, level }; 304 while unchanged, 200 after a change', async () => {
    const empty = await fetchTrack();
    expect(empty).toMatchObject({ status: 200, track: {} });
    expect((await fetchTrack(empty.etag)).status).toBe(304);

    const rows = [
      { target: 'penguin_king', kind: 'penguin', level: 5, comment: 'kings at 5' },
      { target: 'fishing_boat', kind: 'item', level: 8 },
      { target: 'gacha', kind: 'feature', level: 3, note: 'first chest' },
    ];
    for (const row of rows) {
      const res = await save('POST', TRACK, row);
      expect(res.statusCode, res.body).toBe(200);
    }
    const published = await fetchTrack(empty.etag);
    expect(published.status).toBe(200);
    expect(published.track).toEqual({
      penguin_king: { kind: 'penguin', level: 5 },
      fishing_boat: { kind: 'item', level: 8 },
      gacha: { kind: 'feature', level: 3 },
    });
    expect((await fetchTrack(published.etag)).status).toBe(304);

    const moved = await save('PUT', `${TRACK}/penguin_king`, { target: 'penguin_king', kind: 'penguin', level: 6 });
    expect(moved.json().data).toMatchObject({ level: 6, version: 2 });
    const after = await fetchTrack(published.etag);
    expect(after.status).toBe(200);
    expect(after.track.penguin_king).toEqual({ kind: 'penguin', level: 6 });

    const audit = await ctx.call('GET', '/api/v1/system/log?target=unlockTrack:penguin_king', {
      token: ctx.adminToken,
    });
    expect(audit.json().data.list.map((e: { action: string }) => e.action)).toEqual([
      'unlockTrackUpdate',
      'unlockTrackCreate',
    ]);
  });

  it('refuses what the game catalogue lacks, a wrong kind and a bad level, in zh and en, changing nothing', async () => {
    const before = await ctx.fingerprint();
    const unknown = await save('POST', TRACK, { target: 'dragon', kind: 'penguin', level: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'target', message: 'The game catalogue has no such entry of this kind' },
    ]);
    // A penguin type is not an item.
    const wrongKind = await save('POST', TRACK, { target: 'penguin_emperor', kind: 'item', level: 2 }, 'zh-CN');
    expect(wrongKind.json().errors).toEqual([{ field: 'target', message: '游戏目录中没有该类型的这一项' }]);
    const badKind = await save('POST', TRACK, { target: 'gacha', kind: 'skin', level: 2 }, 'zh-CN');
    expect(badKind.json().errors).toEqual([{ field: 'kind', message: '类型应为道具、企鹅种类或功能' }]);
    for (const level of [0, 1.5, 1001, '3']) {
      const bad = await save('POST', TRACK, { target: 'research', kind: 'feature', level });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        { field: 'level', message: 'The achievement level is a whole number from 1 to 1000' },
      ]);
    }
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('is reached with gameItemConfigQuery only', async () => {
    const allowed = (await ctx.userWithPermissions('itemConfig', ['gameItemConfigQuery'])).token;
    const other = (await ctx.userWithPermissions('dictOnly', ['dictQuery'])).token;
    expect((await ctx.call('GET', TRACK, { token: allowed })).statusCode).toBe(200);
    expect(
      (await save('POST', TRACK, { target: 'quests', kind: 'feature', level: 1 }, 'en-US', allowed)).statusCode,
    ).toBe(200);
    expect((await ctx.call('GET', TRACK, { token: other })).statusCode).toBe(403);
    expect(
      (await save('POST', TRACK, { target: 'skills', kind: 'feature', level: 1 }, 'en-US', other)).statusCode,
    ).toBe(403);
  });
});
