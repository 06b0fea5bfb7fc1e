import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { blankToUndefined } from '../../fields.js';
import { isStorableText } from '../../text.js';

/**
 * The console's Redis tools (`/redis/redis-del`) and figures (`/performance/redis`). Every key a
 * caller names is inside the deployment's prefix (`REDIS_PREFIX`): the server adds it, so no call
 * can reach another deployment's keys.
 */

/** Keys one SCAN call examines (its COUNT): the bound of one search step. */
export const REDIS_SCAN_COUNT = 500;
/** SCAN calls one search makes at most before it answers with a cursor to go on. */
export const REDIS_SCAN_STEPS = 20;
/** Keys one search answers at most. */
export const REDIS_MATCH_LIMIT = 200;
/** Keys one delete takes at most. */
export const REDIS_DELETE_MAX = 1000;
/** From this many keys a delete needs the count typed. */
export const REDIS_TYPED_CONFIRM_FROM = 10;

export const redisKeySchema = z
  .string({ error: 'redis.keyFormat' })
  .min(1, { error: 'redis.keyFormat' })
  .max(512, { error: 'redis.keyFormat' })
  .refine(isStorableText, { error: 'redis.keyFormat' });

export const redisKeyTypes = ['string', 'hash', 'list', 'set', 'zset', 'stream', 'none'] as const;

const keyInfo = z.object({
  /** The key without the deployment's prefix. */
  key: z.string(),
  type: z.string(),
  /** Seconds to live; -1 without expiry, -2 gone. */
  ttl: z.number().int(),
});

export const redisEndpoints = endpointTable({
  redisScan: endpoint({
    method: 'GET',
    path: '/api/v1/redis/keys',
    summary: 'Keys matching an exact name or a pattern (* ? [..]), by SCAN in bounded steps, never KEYS',
    permission: ['redisQuery'],
    query: z.object({
      pattern: redisKeySchema,
      /** Where a previous search stopped. */
      cursor: z.preprocess(
        blankToUndefined,
        z
          .string()
          .regex(/^\d{1,20}$/)
          .optional(),
      ),
    }),
    response: z.object({
      keys: z.array(keyInfo),
      /** '0' when the whole keyspace was examined; else pass it back to go on. */
      cursor: z.string(),
      /** SCAN calls made (each examining about REDIS_SCAN_COUNT keys). */
      steps: z.number().int(),
    }),
  }),
  redisKeyGet: endpoint({
    method: 'GET',
    path: '/api/v1/redis/key',
    summary: "One key's type, TTL, size and a preview of its value",
    permission: ['redisQuery'],
    query: z.object({ key: redisKeySchema }),
    response: keyInfo.extend({
      /** Length (string bytes, or members / fields / entries). */
      size: z.number().int(),
      /** The first part of the value: text, or rows of [field, value] / members. */
      preview: z.array(z.tuple([z.string(), z.string()])),
      truncated: z.boolean(),
    }),
  }),
  redisDelete: endpoint({
    method: 'POST',
    path: '/api/v1/redis/keys/delete',
    summary: 'Delete one key or a confirmed set of keys (the count typed from 10 keys); audited',
    permission: ['redisDelete'],
    auditTarget: 'redisKey',
    invalidates: ['redisScan', 'redisKeyGet', 'redisInfo'],
    body: z.object({
      keys: z
        .array(redisKeySchema, { error: 'v.required' })
        .min(1, { error: 'v.required' })
        .max(REDIS_DELETE_MAX, { error: 'redis.tooManyKeys' })
        .transform((keys) => [...new Set(keys)]),
      /** The number of keys, typed by the operator (required from REDIS_TYPED_CONFIRM_FROM keys). */
      confirmCount: z.number().int().min(0).max(REDIS_DELETE_MAX).optional(),
    }),
    response: z.object({ deleted: z.number().int() }),
  }),
  redisInfo: endpoint({
    method: 'GET',
    path: '/api/v1/redis/info',
    summary:
      "The Redis server's INFO figures (shared by every deployment on it) and the slowlog of this deployment's keys, or that Redis is not configured",
    permission: ['redisQuery'],
    response: z.object({
      configured: z.boolean(),
      prefix: z.string().nullable(),
      reachable: z.boolean(),
      figures: z
        .object({
          version: z.string(),
          uptimeSeconds: z.number(),
          opsPerSecond: z.number(),
          usedMemoryBytes: z.number(),
          peakMemoryBytes: z.number(),
          maxMemoryBytes: z.number(),
          connectedClients: z.number(),
          blockedClients: z.number(),
          keyspaceHits: z.number(),
          keyspaceMisses: z.number(),
          /** Hits / (hits + misses), null before any read. */
          hitRate: z.number().nullable(),
          keyspace: z.array(z.object({ db: z.string(), keys: z.number(), expires: z.number() })),
        })
        .nullable(),
      /**
       * The slow commands on this deployment's keys, newest first: the command's name and the key
       * it acted on (without the prefix), never its other arguments or values.
       */
      slowlog: z.array(
        z.object({
          id: z.number(),
          at: z.number(),
          micros: z.number(),
          command: z.string(),
          key: z.string(),
        }),
      ),
      /** Slow commands read that are not shown: other deployments' keys, or no key at all. */
      otherSlowCommands: z.number().int(),
    }),
  }),
});
