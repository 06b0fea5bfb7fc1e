import { randomBytes } from 'node:crypto';
import { REDIS_SCAN_COUNT, REDIS_SCAN_STEPS } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { firstKeyOf, ownSlowlog } from './tools.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Each run its own prefix, cleaned up after; a neighbour prefix proves nothing leaks across it.
const prefix = `rookery-test-${randomBytes(4).toString('hex')}:`;
const neighbour = `${prefix.slice(0, -1)}x:`;
let raw: Redis;
let ctx: TestContext;
let bare: TestContext;
/** The server's slowlog threshold before a test lowered it (put back after all). */
let slowerThan: string | undefined;

beforeAll(async () => {
  raw = new Redis(REDIS_URL);
  ctx = await createTestContext({ config: { redisUrl: REDIS_URL, redisPrefix: prefix } });
  bare = await createTestContext();
});
afterAll(async () => {
  if (slowerThan !== undefined) await raw.config('SET', 'slowlog-log-slower-than', slowerThan);
  await raw?.del('other:victim');
  for (const p of [prefix, neighbour]) {
    let cursor = '0';
    do {
      const [next, keys] = await raw.scan(cursor, 'MATCH', `${p}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await raw.del(...keys);
    } while (cursor !== '0');
  }
  raw?.disconnect();
  await ctx?.close();
  await bare?.close();
});

const get = (url: string, c = ctx) => c.call('GET', url, { token: c.adminToken });

describe('Redis tools', () => {
  it('find keys by exact name and by pattern, only inside the prefix', async () => {
    await raw.set(`${prefix}player:1:profile`, 'hello');
    await raw.hset(`${prefix}player:2:bag`, { gems: '10', coins: '5' });
    await raw.set(`${neighbour}player:3:profile`, 'other deployment');
    await raw.set('player:4:profile', 'no prefix at all');
    await raw.expire(`${prefix}player:1:profile`, 600);

    const exact = (await get('/api/v1/redis/keys?pattern=player:1:profile')).json().data;
    expect(exact.keys).toEqual([{ key: 'player:1:profile', type: 'string', ttl: expect.any(Number) }]);
    expect(exact.keys[0].ttl).toBeGreaterThan(500);

    const all: string[] = [];
    let cursor = '';
    do {
      const res = (await get(`/api/v1/redis/keys?pattern=player:*${cursor ? `&cursor=${cursor}` : ''}`)).json().data;
      all.push(...res.keys.map((k: { key: string }) => k.key));
      cursor = res.cursor === '0' ? '' : res.cursor;
      expect(res.steps).toBeLessThanOrEqual(REDIS_SCAN_STEPS);
    } while (cursor);
    expect(all.sort()).toEqual(['player:1:profile', 'player:2:bag']);
  });

  it('scans in bounded steps and answers a cursor to go on', async () => {
    const many = REDIS_SCAN_COUNT * REDIS_SCAN_STEPS * 2;
    const pipeline = raw.pipeline();
    for (let i = 0; i < many; i++) pipeline.set(`${prefix}bulk:${i}`, '1');
    // The one match sits among many non-matching keys: a search step never examines them all.
    pipeline.set(`${prefix}needle:only`, '1');
    await pipeline.exec();
    const res = (await get('/api/v1/redis/keys?pattern=needle:*')).json().data;
    expect(res.steps).toBe(REDIS_SCAN_STEPS);
    expect(res.cursor).not.toBe('0');
  });

  it('preview type, TTL and the first part of a value', async () => {
    const hash = (await get('/api/v1/redis/key?key=player:2:bag')).json().data;
    expect(hash).toMatchObject({ type: 'hash', ttl: -1, size: 2, truncated: false });
    expect(Object.fromEntries(hash.preview)).toEqual({ gems: '10', coins: '5' });
    await raw.zadd(`${prefix}board`, 5, 'ann', 9, 'bob');
    const zset = (await get('/api/v1/redis/key?key=board')).json().data;
    expect(zset.preview).toEqual([
      ['5', 'ann'],
      ['9', 'bob'],
    ]);
    await raw.rpush(`${prefix}queue`, 'a', 'b', 'c');
    expect((await get('/api/v1/redis/key?key=queue')).json().data.preview).toEqual([
      ['0', 'a'],
      ['1', 'b'],
      ['2', 'c'],
    ]);
    expect((await get('/api/v1/redis/key?key=nothing:here')).statusCode).toBe(404);
  });

  it('delete one key or a confirmed set, only inside the prefix, each audited', async () => {
    const one = await ctx.call('POST', '/api/v1/redis/keys/delete', {
      token: ctx.adminToken,
      body: { keys: ['player:1:profile'] },
    });
    expect(one.json().data).toEqual({ deleted: 1 });
    expect(await raw.exists(`${prefix}player:1:profile`)).toBe(0);
    // The neighbour's key of the same name and the unprefixed one stay (the attempt is audited, naming nothing).
    await ctx.call('POST', '/api/v1/redis/keys/delete', {
      token: ctx.adminToken,
      body: { keys: ['x:player:3:profile', '../player:4:profile'] },
    });
    expect(await raw.exists(`${neighbour}player:3:profile`)).toBe(1);
    expect(await raw.exists('player:4:profile')).toBe(1);

    const set = Array.from({ length: 12 }, (_, i) => `bulk:${i}`);
    const unconfirmed = await ctx.call('POST', '/api/v1/redis/keys/delete', {
      token: ctx.adminToken,
      body: { keys: set, confirmCount: 11 },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(await raw.exists(`${prefix}bulk:0`)).toBe(1);
    const confirmed = await ctx.call('POST', '/api/v1/redis/keys/delete', {
      token: ctx.adminToken,
      body: { keys: set, confirmCount: 12 },
    });
    expect(confirmed.json().data).toEqual({ deleted: 12 });
    const audits = (await ctx.database.db.execute(
      sql`select target from audit_log where action = 'redisDelete' and target is not null order by id`,
    )) as unknown as { rows: { target: string }[] };
    expect(audits.rows.map((r) => r.target)).toEqual(['redisKey:player:1:profile', ...set.map((k) => `redisKey:${k}`)]);
    await raw.del('player:4:profile');
  });

  it('needs its permissions', async () => {
    const { token } = await ctx.userWithRole('operation');
    expect((await ctx.call('GET', '/api/v1/redis/keys?pattern=*', { token })).statusCode).toBe(403);
    const del = await ctx.call('POST', '/api/v1/redis/keys/delete', { token, body: { keys: ['board'] } });
    expect(del.statusCode).toBe(403);
  });

  it('figures: INFO and the slowlog; without REDIS_URL, "not configured"', async () => {
    const info = (await get('/api/v1/redis/info')).json().data;
    expect(info).toMatchObject({ configured: true, reachable: true, prefix });
    expect(info.figures.usedMemoryBytes).toBeGreaterThan(0);
    expect(info.figures.connectedClients).toBeGreaterThan(0);
    expect(Array.isArray(info.slowlog)).toBe(true);
    const none = (await get('/api/v1/redis/info', bare)).json().data;
    expect(none).toMatchObject({ configured: false, figures: null });
    const tool = await get('/api/v1/redis/keys?pattern=*', bare);
    expect(tool.statusCode).toBe(409);
    expect(tool.json().msg).toContain('REDIS_URL');
  });

  it('a slow command acts on argv[1], or for scripts and functions on the key after the count', () => {
    expect(firstKeyOf(['set', 'k', 'v'])).toBe('k');
    expect(firstKeyOf(['EVALSHA', 'abc', '2', 'k1', 'k2', 'v'])).toBe('k1');
    expect(firstKeyOf(['fcall_ro', 'fn', '1', 'k', 'v'])).toBe('k');
    expect(firstKeyOf(['FCALL', 'fn', '0', 'p:looks-like-a-key'])).toBeUndefined();
    expect(firstKeyOf(['EVAL', 'script', 'x', 'p:k'])).toBeUndefined();
    expect(firstKeyOf(['PING'])).toBeUndefined();
    const { slowlog, otherSlowCommands } = ownSlowlog(
      [
        [1, 100, 5, ['hset', 'p:bag', 'gems', '10']],
        [2, 101, 6, ['hset', 'q:bag', 'gems', '10']],
        [3, 102, 7, ['eval', 'return 1', '0', 'p:x']],
        ['not an entry'],
      ],
      'p:',
    );
    expect(slowlog).toEqual([{ id: 1, at: 100, micros: 5, command: 'HSET', key: 'bag' }]);
    expect(otherSlowCommands).toBe(3);
  });

  it("the slowlog shows this deployment's keys only, as the command and the key, never a value", async () => {
    // Every command is slow for this test: the slowlog then holds the commands below.
    const [, threshold] = (await raw.config('GET', 'slowlog-log-slower-than')) as string[];
    slowerThan ??= threshold;
    await raw.config('SET', 'slowlog-log-slower-than', '0');
    const secret = `victim-secret-${randomBytes(6).toString('hex')}`;
    const ownValue = `own-secret-${randomBytes(6).toString('hex')}`;
    const scriptArg = `script-secret-${randomBytes(6).toString('hex')}`;
    // Another deployment's script on its own key, carrying its secret.
    await raw.eval("return redis.call('SET', KEYS[1], ARGV[1])", 1, 'other:victim', secret);
    // The neighbour's key: a prefix that merely starts like ours is not ours.
    await raw.set(`${neighbour}token`, secret);
    // A script naming no key, though an argument looks like one of ours.
    await raw.eval('return ARGV[1]', 0, `${prefix}${secret}`);
    // This deployment's commands: a value, and a script's argument after its key.
    await raw.set(`${prefix}session:42`, ownValue);
    await raw.eval("return redis.call('SET', KEYS[1], ARGV[1])", 1, `${prefix}scripted`, scriptArg);
    const info = (await get('/api/v1/redis/info')).json().data;
    await raw.config('SET', 'slowlog-log-slower-than', slowerThan);

    const answer = JSON.stringify(info);
    for (const hidden of ['other:victim', secret, ownValue, scriptArg, neighbour, 'redis.call'])
      expect(answer, hidden).not.toContain(hidden);
    expect(info.slowlog).toContainEqual(expect.objectContaining({ command: 'SET', key: 'session:42' }));
    expect(info.slowlog).toContainEqual(expect.objectContaining({ command: 'EVAL', key: 'scripted' }));
    for (const entry of info.slowlog)
      expect(Object.keys(entry).sort()).toEqual(['at', 'command', 'id', 'key', 'micros']);
    // The others are counted: at least the victim's script, the neighbour's SET and the keyless script.
    expect(info.otherSlowCommands).toBeGreaterThanOrEqual(3);
  });
});
