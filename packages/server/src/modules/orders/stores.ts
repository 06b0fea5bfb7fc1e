import type { DeadLetterReason, noticeEndpoints, refundEndpoints } from '@rookery/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { ModuleDeps } from '../../module.js';
import { prepareThen, registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, conflict } from '../../platform/http/errors.js';
import { registerDeadLetterRetry } from './dead-letters.js';
import {
  decodeGoogleNotice,
  type NoticeDeps,
  processNotice,
  retryStoredNotice,
  type VerifiedNotice,
  verifyAppleNotice,
} from './notices.js';
import { type StoreApis, storeJobs } from './poll.js';
import { applyRefundClawback, debtsOf, listRefundPlayers, listRefunds, refundById } from './refunds.js';
import { orderDeadLetters, orders, storeNotifications } from './tables.js';
import { appleApi, appleVerifier } from './validators/apple.js';
import { googleApi, rtdnAuthenticator } from './validators/google.js';

/**
 * The stores part of the orders area: the stores' clients built from the settings, the refund
 * poll and consumption jobs, the public notice endpoints and the refund screens' endpoints.
 */
export function registerStores(
  deps: ModuleDeps,
  tables: { refundEndpoints: typeof refundEndpoints; noticeEndpoints: typeof noticeEndpoints },
) {
  const settings = deps.config.stores;
  const apis: StoreApis = {
    settings,
    google: settings.google ? googleApi(settings.google) : undefined,
    apple: settings.apple ? appleApi(settings.apple) : undefined,
    appleVerifier: settings.apple ? appleVerifier(settings.apple) : undefined,
  };
  const registry = { db: deps.database.db, gameKeyHash: deps.gameKeyHash };
  const rtdnAuth = settings.google ? rtdnAuthenticator(settings.google) : undefined;
  const { pollRefundsJob, consumptionJob } = storeJobs(apis);
  deps.jobs.register(pollRefundsJob);
  deps.jobs.register(consumptionJob);

  const noticeDeps = (actor: string): NoticeDeps => ({
    clawback: settings.refundClawback,
    answerConsumption: async (db, noticeId) => {
      // Without the App Store Server API key there is no one to answer: the notice is kept.
      if (!apis.apple) return;
      await deps.jobs.enqueue(db, consumptionJob, { noticeId }, { actorId: null, actor, action: 'appleStoreNotice' });
    },
  });

  // The dead-letter queue's retry of a notice that could not be processed: its stored, verified
  // action again. Processed: the letter is settled; failed again: the letter keeps waiting with
  // the new reason and one more attempt (the run's own new letter folded into it).
  registerDeadLetterRetry('notification', async (db, letter, now) => {
    if (letter.notificationId === null) throw conflict('deadLetter.noRetry');
    const { outcome, audit } = await retryStoredNotice(
      db,
      letter.notificationId,
      noticeDeps('console'),
      now,
      'console',
    );
    const [notice] = await db
      .select({ orderId: storeNotifications.orderId })
      .from(storeNotifications)
      .where(eq(storeNotifications.id, letter.notificationId));
    const order = notice?.orderId
      ? ((await db.select().from(orders).where(eq(orders.id, notice.orderId)))[0] ?? null)
      : null;
    if (outcome === 'deadLettered') {
      const [again] = await db
        .delete(orderDeadLetters)
        .where(
          and(
            eq(orderDeadLetters.kind, 'notification'),
            eq(orderDeadLetters.notificationId, letter.notificationId),
            eq(orderDeadLetters.state, 'waiting'),
            ne(orderDeadLetters.id, letter.id),
          ),
        )
        .returning();
      const reason = (again?.reason ?? 'error') as DeadLetterReason;
      await db
        .update(orderDeadLetters)
        .set({ reason, detail: again?.detail ?? letter.detail, attempts: letter.attempts + 1, updatedAt: now })
        .where(eq(orderDeadLetters.id, letter.id));
      return { order, delivered: false, reason, audit };
    }
    await db
      .update(orderDeadLetters)
      .set({ state: 'retried', updatedAt: now })
      .where(eq(orderDeadLetters.id, letter.id));
    return { order, delivered: true, reason: null, audit };
  });

  registerEndpoints(deps.app, registry, tables.noticeEndpoints, {
    appleStoreNotice: prepareThen(
      async ({ body, req }) => {
        if (!apis.appleVerifier) throw new AppError(404, 'notice.storeNotConfigured');
        try {
          return await verifyAppleNotice(apis.appleVerifier, body.signedPayload);
        } catch (err) {
          req.log.warn({ err: (err as Error).message, ip: req.ip }, 'App Store notice refused');
          throw err;
        }
      },
      async (ctx, notice: VerifiedNotice) => {
        ctx.setActor('App Store');
        const { outcome, audit } = await processNotice(ctx.db, notice, noticeDeps('App Store'), ctx.now, 'App Store');
        for (const a of audit) ctx.audit(a);
        if (audit.length === 0) ctx.audit({ target: null, after: { notice: notice.type, outcome } });
        return { outcome };
      },
    ),
    googleStoreNotice: prepareThen(
      async ({ body, req }) => {
        if (!settings.google || !rtdnAuth) throw new AppError(404, 'notice.storeNotConfigured');
        try {
          await rtdnAuth(req.headers.authorization);
        } catch (err) {
          req.log.warn({ err: (err as Error).message, ip: req.ip }, 'Google Play notice not authenticated');
          throw new AppError(401, 'notice.unauthenticated');
        }
        try {
          return decodeGoogleNotice(settings.google, body.message);
        } catch (err) {
          req.log.warn({ err: (err as Error).message, ip: req.ip }, 'Google Play notice refused');
          throw err;
        }
      },
      async (ctx, notice: VerifiedNotice) => {
        ctx.setActor('Google Play');
        const { outcome, audit } = await processNotice(
          ctx.db,
          notice,
          noticeDeps('Google Play'),
          ctx.now,
          'Google Play',
        );
        for (const a of audit) ctx.audit(a);
        if (audit.length === 0) ctx.audit({ target: null, after: { notice: notice.type, outcome } });
        return { outcome };
      },
    ),
  });

  registerEndpoints(deps.app, registry, tables.refundEndpoints, {
    listRefunds: ({ db, query }) => listRefunds(db, query),
    listRefundPlayers: ({ db, query }) => listRefundPlayers(db, query),
    playerDebts: async ({ db, query }) => ({
      userId: query.userId,
      debts: (await debtsOf(db, [query.userId])).get(query.userId) ?? [],
    }),
    applyRefundClawback: async (ctx) => {
      const actor = ctx.session?.username ?? 'console';
      const { refund, audit } = await applyRefundClawback(ctx.db, ctx.params.id, ctx.body.clawback, actor, ctx.now);
      for (const a of audit) ctx.audit(a);
      return refundById(ctx.db, refund.id);
    },
  });
}
