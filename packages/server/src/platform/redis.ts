import { once } from 'node:events';
import { Redis } from 'ioredis';

/**
 * The one Redis client of the process, when `REDIS_URL` is set (Redis is optional: nothing in the
 * core needs it; leaderboards and the console's Redis tools do). It connects on first use, and when
 * the connection drops it reconnects with growing delays while commands wait in its queue, each
 * failing after a few attempts rather than hanging a request. Every key carries the deployment's
 * prefix (`REDIS_PREFIX`), so several deployments can share one Redis; note that ioredis adds it to
 * keys, not to the patterns of `SCAN`/`KEYS`, which must name it themselves (`prefix`).
 */
export interface RedisClient {
  /** The client; its commands add `prefix` to every key. */
  client: Redis;
  prefix: string;
  /** Whether Redis answers `PING` within `timeoutMs` (readiness): never throws. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Send what is queued and disconnect (SIGTERM). */
  close(): Promise<void>;
}

export interface RedisOptions {
  url: string;
  prefix: string;
  /** Connection trouble (throttled by the caller's logger). */
  warn: (message: string) => void;
  /** Reconnect delays grow from `minDelayMs` to `maxDelayMs` (doubling, with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  connectTimeoutMs?: number;
}

export function createRedis(opts: RedisOptions): RedisClient {
  const min = opts.minDelayMs ?? 100;
  const max = opts.maxDelayMs ?? 5_000;
  const client = new Redis(opts.url, {
    lazyConnect: true,
    keyPrefix: opts.prefix,
    connectTimeout: opts.connectTimeoutMs ?? 5_000,
    // A command waits through at most two reconnects, then fails (the request answers, not hangs).
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => Math.min(max, min * 2 ** Math.min(attempt - 1, 16)) * (0.5 + Math.random() / 2),
  });
  let lastError = '';
  // Without a listener an 'error' event would end the process; one line per distinct error.
  client.on('error', (err: Error) => {
    if (err.message === lastError) return;
    lastError = err.message;
    opts.warn(`Redis: ${err.message}`);
  });
  client.on('ready', () => {
    if (lastError) opts.warn('Redis: connected again');
    lastError = '';
  });
  let closed = false;
  return {
    client,
    prefix: opts.prefix,
    async ping(timeoutMs = 3_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([client.ping().then((r) => r === 'PONG'), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      // Not connected (never used, or between reconnects): nothing queued can be sent; stop trying.
      if (client.status !== 'ready') {
        client.disconnect();
        return;
      }
      const ended = once(client, 'end');
      await client.quit().catch(() => client.disconnect());
      await ended;
    },
  };
}
