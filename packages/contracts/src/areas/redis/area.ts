import { defineArea } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { redisEndpoints } from './endpoints.js';
import { redisRoutes } from './routes.js';

/** The area's messages (keys the server sends and schemas carry). */
export const redisMessages = {
  'redis.notConfigured': zhEn('未配置 Redis（设置 REDIS_URL）', 'Redis is not configured (set REDIS_URL)'),
  'redis.unavailable': zhEn('Redis 暂时无法连接', 'Redis cannot be reached right now'),
  'redis.tooManyKeys': zhEn('一次最多删除 1000 个键', 'At most 1,000 keys at once'),
  'redis.keyNotFound': zhEn('该键不存在', 'This key does not exist'),
  'redis.confirmCount': zhEn('请输入要删除的键数以确认', 'Type the number of keys to delete to confirm'),
  'redis.keyFormat': zhEn(
    '键名不能为空，最长 512 个字符，不含控制字符',
    'A key is 1 to 512 characters, without control characters',
  ),
} as const satisfies Record<string, Label>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    redisKey: { label: zhEn('Redis 键 {id}', 'Redis key {id}') },
  },
  actions: {
    redisDelete: {
      label: zhEn('删除 Redis 键', 'Delete Redis keys'),
      sentence: zhEn('删除了{redisKey}', 'deleted {redisKey}'),
      target: 'redisKey',
    },
  },
} satisfies AreaAudit;

/** Redis tools. */
export const redisArea = defineArea({
  name: 'redis',
  audit,
  routes: redisRoutes,
  endpoints: redisEndpoints,
  messages: redisMessages,
});

declare module '../../area.js' {
  interface AreaRouteTables {
    redis: typeof redisRoutes;
  }
  interface AreaMessages {
    redis: typeof redisMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
