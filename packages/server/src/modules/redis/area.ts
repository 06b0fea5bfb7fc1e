import { auditTarget, redisEndpoints } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { deleteKeys, previewKey, redisFigures, requireRedis, scanKeys } from './tools.js';

/** The console's Redis tools and figures, on the app's one Redis client (when configured). */
function register({ app, database, gameKeyHash }: ModuleDeps) {
  registerEndpoints(app, { db: database.db, gameKeyHash }, redisEndpoints, {
    redisScan: ({ query }) => scanKeys(requireRedis(app.redis), query.pattern, query.cursor),
    redisKeyGet: ({ query }) => previewKey(requireRedis(app.redis), query.key),
    redisDelete: async ({ body, audit, writeAuditNow }) => {
      // One audit entry per key, written in the request's transaction before the keys go: a
      // failed audit write deletes nothing. (Only a failed commit after the delete could leave a
      // deletion unaudited; Redis and PostgreSQL share no transaction.)
      const deleted = await deleteKeys(requireRedis(app.redis), body.keys, body.confirmCount, async (present) => {
        for (const key of present) audit({ target: auditTarget('redisKey', key), before: { key } });
        await writeAuditNow();
      });
      return { deleted: deleted.length };
    },
    redisInfo: () => redisFigures(app.redis),
  });
}

export const redisArea = defineArea({ name: 'redis', register });
