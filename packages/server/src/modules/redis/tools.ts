import { REDIS_MATCH_LIMIT, REDIS_SCAN_COUNT, REDIS_SCAN_STEPS, REDIS_TYPED_CONFIRM_FROM } from '@rookery/contracts';
import { AppError } from '../../platform/http/errors.js';
import type { RedisClient } from '../../platform/redis.js';

/** Glob characters of a prefix, escaped so the prefix matches only itself in a SCAN pattern. */
const escapeGlob = (s: string) => s.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
const hasGlob = (s: string) => /(?<!\\)[*?[]/.test(s);

export function requireRedis(redis: RedisClient | undefined): RedisClient {
  if (!redis) throw new AppError(409, 'redis.notConfigured');
  return redis;
}

/** A Redis command that failed because Redis is away answers 503, not 500. */
async function reach<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(503, 'redis.unavailable');
  }
}

/**
 * Keys of the deployment's prefix matching `pattern` (an exact name when it has no glob): SCAN
 * with COUNT REDIS_SCAN_COUNT, at most REDIS_SCAN_STEPS calls, stopping once REDIS_MATCH_LIMIT keys
 * are found; the cursor says where to go on. Keys come back without the prefix.
 */
export async function scanKeys(redis: RedisClient, pattern: string, cursor = '0') {
  const { client, prefix } = redis;
  return reach(async () => {
    if (!hasGlob(pattern)) {
      const exists = await client.exists(pattern);
      const keys = exists ? [await describeKey(redis, pattern)] : [];
      return { keys, cursor: '0', steps: 0 };
    }
    const match = escapeGlob(prefix) + pattern;
    const found: string[] = [];
    let next = cursor;
    let steps = 0;
    do {
      // SCAN's pattern is not prefixed by the client: it names the prefix itself.
      const [after, keys] = await client.scan(next, 'MATCH', match, 'COUNT', REDIS_SCAN_COUNT);
      next = after;
      steps += 1;
      for (const k of keys) if (k.startsWith(prefix)) found.push(k.slice(prefix.length));
    } while (next !== '0' && steps < REDIS_SCAN_STEPS && found.length < REDIS_MATCH_LIMIT);
    const unique = [...new Set(found)].slice(0, REDIS_MATCH_LIMIT);
    const described = await Promise.all(unique.map((k) => describeKey(redis, k)));
    return { keys: described, cursor: next, steps };
  });
}

async function describeKey(redis: RedisClient, key: string) {
  const [type, ttl] = await Promise.all([redis.client.type(key), redis.client.ttl(key)]);
  return { key, type, ttl };
}

const PREVIEW_ITEMS = 20;
const PREVIEW_CHARS = 2000;
const clip = (s: string) => (s.length > PREVIEW_CHARS ? `${s.slice(0, PREVIEW_CHARS)}…` : s);

/** One key's type, TTL, size and the first part of its value, read with bounded commands. */
export async function previewKey(redis: RedisClient, key: string) {
  const { client } = redis;
  return reach(async () => {
    const { type, ttl } = await describeKey(redis, key);
    if (type === 'none') throw new AppError(404, 'redis.keyNotFound');
    let size = 0;
    let preview: [string, string][] = [];
    switch (type) {
      case 'string': {
        size = await client.strlen(key);
        const head = await client.getrange(key, 0, PREVIEW_CHARS - 1);
        preview = [['', head]];
        return { key, type, ttl, size, preview, truncated: size > PREVIEW_CHARS };
      }
      case 'hash': {
        size = await client.hlen(key);
        const [, flat] = await client.hscan(key, '0', 'COUNT', PREVIEW_ITEMS);
        for (let i = 0; i < flat.length; i += 2) preview.push([flat[i], clip(flat[i + 1])]);
        break;
      }
      case 'list': {
        size = await client.llen(key);
        preview = (await client.lrange(key, 0, PREVIEW_ITEMS - 1)).map((v, i) => [String(i), clip(v)]);
        break;
      }
      case 'set': {
        size = await client.scard(key);
        const [, members] = await client.sscan(key, '0', 'COUNT', PREVIEW_ITEMS);
        preview = members.map((m) => ['', clip(m)]);
        break;
      }
      case 'zset': {
        size = await client.zcard(key);
        const withScores = client.zrange.bind(client) as unknown as (...args: (string | number)[]) => Promise<string[]>;
        const flat = await withScores(key, 0, PREVIEW_ITEMS - 1, 'WITHSCORES');
        for (let i = 0; i < flat.length; i += 2) preview.push([flat[i + 1], clip(flat[i])]);
        break;
      }
      case 'stream': {
        size = await client.xlen(key);
        const entries = await client.xrange(key, '-', '+', 'COUNT', PREVIEW_ITEMS);
        preview = entries.map(([id, fields]) => [id, clip(fields.join(' '))]);
        break;
      }
      default:
        break;
    }
    preview = preview.slice(0, PREVIEW_ITEMS);
    return { key, type, ttl, size, preview, truncated: size > preview.length };
  });
}

/**
 * Delete keys of the prefix (the client adds it to every key): from REDIS_TYPED_CONFIRM_FROM keys
 * the operator's typed count must equal the number of keys. Returns the keys Redis removed.
 */
export async function deleteKeys(
  redis: RedisClient,
  keys: string[],
  confirmCount: number | undefined,
  /** Called with the keys about to go, before they go (the audit is written there). */
  beforeDelete: (present: string[]) => Promise<void> = async () => {},
) {
  if (keys.length >= REDIS_TYPED_CONFIRM_FROM && confirmCount !== keys.length)
    throw new AppError(400, 'redis.confirmCount', {
      fields: [{ field: 'confirmCount', message: 'redis.confirmCount' }],
    });
  return reach(async () => {
    // Which existed, so the audit names only what was really deleted.
    const pipeline = redis.client.pipeline();
    for (const k of keys) pipeline.exists(k);
    const exists = ((await pipeline.exec()) ?? []).map(([, n]) => Number(n) === 1);
    const present = keys.filter((_, i) => exists[i]);
    await beforeDelete(present);
    if (present.length) await redis.client.del(...present);
    return present;
  });
}

/** INFO's `key:value` lines as a map (sections merged). */
function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !line.startsWith('#')) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

/** Slowlog entries read (Redis's default `slowlog-max-len`), and this deployment's shown at most. */
const SLOWLOG_READ = 128;
const SLOWLOG_SHOWN = 20;

/** Scripts and functions: their keys follow a count (`EVAL script numkeys key… arg…`). */
const keysAfterCount = new Set(['EVAL', 'EVALSHA', 'EVAL_RO', 'EVALSHA_RO', 'FCALL', 'FCALL_RO']);

/**
 * The key a command acts on first, as the slowlog recorded it: `argv[1]` for ordinary commands,
 * the one after the count for scripts and functions (none when the count is 0).
 */
export function firstKeyOf(args: readonly string[]): string | undefined {
  if (keysAfterCount.has((args[0] ?? '').toUpperCase())) {
    const count = Number(args[2]);
    return Number.isInteger(count) && count > 0 ? args[3] : undefined;
  }
  return args[1];
}

/**
 * The slowlog as this deployment may see it. The Redis server keeps one slowlog for every
 * deployment sharing it, with each command's arguments (keys and values: an `EVAL` of another
 * deployment may carry its secrets). An entry is shown only when the key it acts on is inside
 * this deployment's prefix, and then only as the command's name and that key without the prefix —
 * never another argument. The others (other deployments', and commands on no key) are counted.
 */
export function ownSlowlog(entries: readonly unknown[], prefix: string) {
  const slowlog: { id: number; at: number; micros: number; command: string; key: string }[] = [];
  let others = 0;
  for (const entry of entries) {
    const fields = Array.isArray(entry) ? entry : [];
    const args = Array.isArray(fields[3]) ? fields[3].map(String) : [];
    const key = firstKeyOf(args);
    if (key === undefined || !key.startsWith(prefix)) {
      others += 1;
      continue;
    }
    if (slowlog.length < SLOWLOG_SHOWN)
      slowlog.push({
        id: Number(fields[0]),
        at: Number(fields[1]),
        micros: Number(fields[2]),
        command: args[0].toUpperCase().slice(0, 40),
        // Redis cuts an argument past 128 bytes ("… (N more bytes)"): the key as far as it was kept.
        key: key.slice(prefix.length, prefix.length + 300),
      });
  }
  return { slowlog, otherSlowCommands: others };
}

/**
 * The Redis page's figures: INFO (ops/s, memory, hit rate, clients, keyspace: the whole server's,
 * shared by every deployment on it; the page says so) and the slowlog of this deployment's keys.
 */
export async function redisFigures(redis: RedisClient | undefined) {
  const empty = { slowlog: [], otherSlowCommands: 0 };
  if (!redis) return { configured: false, prefix: null, reachable: false, figures: null, ...empty };
  const reachable = await redis.ping(2000);
  if (!reachable) return { configured: true, prefix: redis.prefix, reachable, figures: null, ...empty };
  const [infoText, slow] = await Promise.all([
    redis.client.info(),
    redis.client.call('SLOWLOG', 'GET', String(SLOWLOG_READ)) as Promise<unknown[]>,
  ]);
  const info = parseInfo(infoText);
  const n = (k: string) => Number(info[k] ?? 0) || 0;
  const hits = n('keyspace_hits');
  const misses = n('keyspace_misses');
  const keyspace = Object.entries(info)
    .filter(([k]) => /^db\d+$/.test(k))
    .map(([db, v]) => {
      const f = Object.fromEntries(v.split(',').map((p) => p.split('='))) as Record<string, string>;
      return { db, keys: Number(f.keys ?? 0), expires: Number(f.expires ?? 0) };
    });
  return {
    configured: true,
    prefix: redis.prefix,
    reachable,
    figures: {
      version: info.redis_version ?? '',
      uptimeSeconds: n('uptime_in_seconds'),
      opsPerSecond: n('instantaneous_ops_per_sec'),
      usedMemoryBytes: n('used_memory'),
      peakMemoryBytes: n('used_memory_peak'),
      maxMemoryBytes: n('maxmemory'),
      connectedClients: n('connected_clients'),
      blockedClients: n('blocked_clients'),
      keyspaceHits: hits,
      keyspaceMisses: misses,
      hitRate: hits + misses > 0 ? hits / (hits + misses) : null,
      keyspace,
    },
    ...ownSlowlog(slow ?? [], redis.prefix),
  };
}
