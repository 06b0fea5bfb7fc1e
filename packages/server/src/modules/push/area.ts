import {
  auditTarget,
  parseUserIdLines,
  pushEndpoints,
  pushGameEndpoints,
  pushSendEndpoints,
  pushTemplateResource,
  pushTopicResource,
} from '@rookery/contracts';
import { z } from 'zod';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { type RequestContext, registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { causeOf } from '../../platform/jobs/cause.js';
import { defineJob, type JobCause } from '../../platform/jobs/define.js';
import { FcmClient } from './fcm.js';
import { forwardDueSends, forwardJob } from './forward.js';
import {
  cancelSend,
  countPushAudience,
  createSend,
  deliverJob,
  getSend,
  listSends,
  startDueZones,
  toSendView,
} from './sends.js';
import { dropTopic, playerPush, registerToken, removeToken, subscriberCounts, updateTopics } from './service.js';
import * as tables from './tables.js';

/**
 * Push (issue 44): the game registers devices and topics; topics and templates are resources of
 * the kit; sends are planned per time zone and delivered by jobs into the outbox, which the
 * forward job passes on to FCM when `PUSH_PROVIDER=fcm` (docs/decisions/2026-11-29-push-fcm.md).
 */
function register({ app, config, database, gameKeyHash, clock, kit, jobs }: ModuleDeps) {
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

  const provider = config.push.provider;
  const forward = forwardJob({
    fcm: config.push.provider === 'fcm' ? new FcmClient(config.push.fcm) : null,
    enqueue: (db, sendId, cause) => jobs.enqueue(db, forward, { sendId }, cause),
  });
  jobs.register(forward);
  const enqueueDelivery = async (db: Db, sendId: number, zone: string, cause: JobCause) => {
    await jobs.enqueue(db, deliverJob, { sendId, zone }, cause);
    // Forwarding follows the zone's writing (one run per send; a second enqueue is a no-op).
    if (provider === 'fcm') await jobs.enqueue(db, forward, { sendId }, cause);
  };
  // Zones whose time has come, and messages whose retry has come: every 15 s on one instance, by the service clock.
  jobs.register(
    defineJob({
      name: 'push.dispatch',
      payload: z.object({}),
      schedule: { everySeconds: 15 },
      retry: { limit: 1, delaySeconds: 15, backoff: false },
      concurrency: 1,
      leaseSeconds: 120,
      handler: async ({ db, clock: jobClock, cause }) => ({
        started: await startDueZones(db, jobClock.now(), (tx, sendId, zone) =>
          enqueueDelivery(tx, sendId, zone, cause),
        ),
        forwarding: await forwardDueSends(db, jobClock.now(), (tx, sendId) =>
          jobs.enqueue(tx, forward, { sendId }, cause),
        ),
      }),
    }),
  );
  const send = async (
    ctx:
      | RequestContext<typeof pushSendEndpoints.createPushSend>
      | RequestContext<typeof pushSendEndpoints.testPushSend>,
    test: boolean,
  ) => {
    const now = clock.now();
    let spec = ctx.body;
    if (test) {
      const { ids, invalid } = parseUserIdLines(spec.testUserIds);
      if (ids.length === 0 || invalid.length > 0)
        throw new AppError(400, invalid.length > 0 ? 'push.invalidUserIds' : 'push.testUserIdsRequired', {
          vars: { count: invalid.length, ids: invalid.slice(0, 20).join(', ') },
          fields: [
            { field: 'testUserIds', message: invalid.length > 0 ? 'push.invalidUserIds' : 'push.testUserIdsRequired' },
          ],
        });
      spec = {
        ...spec,
        name: spec.name,
        audience: 'players',
        userIds: ids.join('\n'),
        timing: 'now',
        at: undefined,
        localTime: '',
        quietStart: '',
        quietEnd: '',
      };
    }
    const { row, startNow } = await createSend(ctx.db, spec, {
      test,
      createdBy: ctx.session!.username,
      now,
      provider,
    });
    const target = auditTarget('pushSend', row.id);
    const action = test ? 'testPushSend' : 'createPushSend';
    for (const zone of startNow) await enqueueDelivery(ctx.db, row.id, zone, causeOf(ctx, action, target));
    const after = toSendView(row);
    ctx.audit({ target, after });
    return after;
  };
  registerEndpoints(app, deps, pushSendEndpoints, {
    pushSendAudience: ({ db, body }) =>
      countPushAudience(
        db,
        { ...body, audience: body.audience } as Parameters<typeof countPushAudience>[1],
        clock.now(),
      ),
    createPushSend: (ctx) => send(ctx, false),
    testPushSend: (ctx) => send(ctx, true),
    listPushSends: ({ db, query }) => listSends(db, query),
    getPushSend: ({ db, params }) => getSend(db, params.id),
    cancelPushSend: async ({ db, params, audit, locale }) => {
      const { before, after } = await cancelSend(db, params.id, clock.now(), locale);
      audit({ target: auditTarget('pushSend', params.id), before, after });
      return after;
    },
  });
}

export const pushArea = defineArea({ name: 'push', needs: ['players'], tables, jobs: [deliverJob], register });
