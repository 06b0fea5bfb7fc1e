import { pushEndpoints, pushGameEndpoints, pushTemplateResource, pushTopicResource } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { dropTopic, playerPush, registerToken, removeToken, subscriberCounts, updateTopics } from './service.js';
import * as tables from './tables.js';

/**
 * Push (issue 44 items 1–2): the game registers devices and topics; topics and templates are
 * resources of the kit. Sending is not built yet.
 */
function register({ app, database, gameKeyHash, clock, kit }: ModuleDeps) {
  // The topics list's subscriber counts: read before each list request (the kit's computed
  // columns are synchronous), so every instance shows the database's counts.
  let counts = new Map<string, number>();
  const listPath = pushTopicResource.path;
  app.addHook('preHandler', async (req) => {
    if (req.method === 'GET' && req.routeOptions.url === listPath) counts = await subscriberCounts(database.db);
  });
  kit.register(pushTopicResource, {
    computed: { subscribers: (item) => counts.get(String((item as { key?: unknown }).key)) ?? 0 },
    beforeDelete: async ({ db, previous }) => dropTopic(db, String(previous.key)),
  });
  kit.register(pushTemplateResource);

  const deps = { db: database.db, gameKeyHash };
  registerEndpoints(app, deps, pushGameEndpoints, {
    gamePutPushToken: ({ db, params, body }) => registerToken(db, params.userId, body, clock.now()),
    gameDeletePushToken: ({ db, params, body }) => removeToken(db, params.userId, body.token),
    gamePutPushTopics: ({ db, params, body }) => updateTopics(db, params.userId, body, clock.now()),
  });
  registerEndpoints(app, deps, pushEndpoints, {
    playerPush: ({ db, params }) => playerPush(db, params.userId),
  });
}

export const pushArea = defineArea({ name: 'push', needs: ['players'], tables, register });
