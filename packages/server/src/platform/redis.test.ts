import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { GAME_KEY } from '../test/harness.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createRedis } from './redis.js';
import { sha256 } from './security/tokens.js';

// The machine's Redis; every test key lives under its own random prefix and is removed after.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `rookery-test-${randomBytes(4).toString('hex')}:`;
const warnings: string[] = [];
let raw: Redis;

/** The keys under the test prefix, read with a client of its own (no prefix). */
async function keysUnderPrefix(): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found.sort();
}

beforeAll(() => {
  raw = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = await keysUnderPrefix();
  if (keys.length) await raw.del(...keys);
  expect(await keysUnderPrefix()).toEqual([]);
  await raw.quit();
});

describe('the Redis client', () => {
  it('connects on first use, writes under the prefix, and closes', async () => {
    const redis = createRedis({ url: REDIS_URL, prefix, warn: (m) => warnings.push(m) });
    try {
      // Lazy: nothing connects until a command is sent.
      expect(redis.client.status).toBe('wait');
      await redis.client.set('greeting', 'hello');
      expect(await redis.client.get('greeting')).toBe('hello');
      expect(await raw.get(`${prefix}greeting`)).toBe('hello');
      expect(await raw.get('greeting')).not.toBe('hello');
      expect(await redis.ping()).toBe(true);
    } finally {
      await redis.close();
    }
    expect(redis.client.status).toBe('end');
  });

  it('reconnects after the server drops its connection', async () => {
    const redis = createRedis({ url: REDIS_URL, prefix, warn: (m) => warnings.push(m), minDelayMs: 20 });
    try {
      await redis.client.set('counter', '1');
      // Only this client's connection: other programs on the machine's Redis are left alone.
      const id = await redis.client.client('ID');
      expect(await raw.call('CLIENT', 'KILL', 'ID', String(id))).toBe(1);
      // The next command waits for the reconnect and succeeds.
      expect(await redis.client.incr('counter')).toBe(2);
      expect(await raw.get(`${prefix}counter`)).toBe('2');
    } finally {
      await redis.close();
    }
  });

  it('an unreachable Redis fails the ping within its timeout instead of hanging', async () => {
    const redis = createRedis({ url: 'redis://127.0.0.1:1', prefix, warn: (m) => warnings.push(m), maxDelayMs: 50 });
    try {
      const started = performance.now();
      expect(await redis.ping(500)).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_000);
      await expect.poll(() => warnings.some((w) => w.includes('ECONNREFUSED')), { timeout: 10_000 }).toBe(true);
    } finally {
      await redis.close();
    }
  });
});

describe('/readyz', () => {
  async function appWith(redisUrl: string | undefined) {
    const database = await openDatabase({});
    const config = {
      ...loadConfig({}),
      logLevel: 'silent' as const,
      webDist: '/nonexistent',
      redisUrl,
      redisPrefix: prefix,
    };
    const app = await buildApp({ config, database, gameKeyHash: sha256(GAME_KEY) });
    const close = async () => {
      await app.close();
      await database.close();
    };
    return { app, close };
  }

  // Each builds an app on a fresh embedded database: slow on a busy machine.
  it('leaves Redis out when it is not configured', { timeout: 300_000 }, async () => {
    const { app, close } = await appWith(undefined);
    try {
      expect(app.redis).toBeUndefined();
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'pglite' });
    } finally {
      await close();
    }
  });

  it('includes Redis when configured: ready with it, 503 without it, and closes it with the app', {
    timeout: 600_000,
  }, async () => {
    const up = await appWith(REDIS_URL);
    try {
      const ready = await up.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'pglite', redis: 'ready' });
    } finally {
      await up.close();
    }
    expect(up.app.redis?.client.status).toBe('end');

    const down = await appWith('redis://127.0.0.1:1');
    try {
      const unready = await down.app.inject({ url: '/readyz', headers: { 'accept-language': 'en-US' } });
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toEqual({
        status: 'unavailable',
        database: 'pglite',
        redis: 'unavailable',
        msg: 'Redis cannot be reached for the moment; try again shortly',
      });
    } finally {
      await down.close();
    }
  });
});
