import { auditTarget, redisEndpoints } from '@rookery/contracts';
import type { ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { deleteKeys, previewKey, redisFigures, requireRedis, scanKeys } from './tools.js';

/** The console's Redis tools and figures, on the app's one Redis client (when configured). */
export function redisModule({ app, database, gameKeyHash }: ModuleDeps) {
  registerEndpoints(app, { db: database.db, gameKeyHash }, redisEndpoints, {
    redisScan: ({ query }) => scanKeys(requireRedis(app.redis), query.pattern, query.cursor),
    redisKeyGet: ({ query }) => previewKey(requireRedis(app.redis), query.key),
    redisDelete: async ({ body, audit }) => {
      const deleted = await deleteKeys(requireRedis(app.redis), body.keys, body.confirmCount);
      // One audit entry per key removed, in the request's transaction.
      for (const key of deleted) audit({ target: auditTarget('redisKey', key), before: { key } });
      return { deleted: deleted.length };
    },
    redisInfo: () => redisFigures(app.redis),
  });
}
