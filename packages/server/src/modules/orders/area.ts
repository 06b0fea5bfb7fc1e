import { auditTarget, noticeEndpoints, orderEndpoints, orderGameEndpoints, refundEndpoints } from '@rookery/contracts';
import { eq } from 'drizzle-orm';
import { defineArea, type ModuleDeps } from '../../module.js';
import { ownTransactions, registerEndpoints } from '../../platform/http/endpoints.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { discardDeadLetter, getDeadLetterRow, type RetryOutcome, retryDeadLetter } from './dead-letters.js';
import { deliverOrder } from './delivery.js';
import { purchase } from './purchase.js';
import {
  deadLetterViews,
  listDeadLetters,
  listOrders,
  listPlayerOrders,
  orderViews,
  playerPayments,
} from './queries.js';
import { registerStores } from './stores.js';
import * as tables from './tables.js';
import { receiptValidators } from './validators/index.js';

/**
 * Orders: the game's purchases, verified by a store validator and delivered exactly once
 * (`deliverOrder`); the order list, a player's orders and payments; the dead-letter queue; store
 * notices and refunds (`stores.ts`).
 */
function register({ app, database, gameKeyHash, clock, config }: ModuleDeps) {
  const deps = { db: database.db, gameKeyHash };
  const validators = receiptValidators(config);

  const outcome = async (db: Parameters<typeof orderViews>[0], r: RetryOutcome) => ({
    order: r.order ? (await orderViews(db, [r.order]))[0] : null,
    delivered: r.delivered,
    reason: r.reason,
  });

  registerEndpoints(app, deps, orderEndpoints, {
    listOrders: ({ db, query }) => listOrders(db, query),
    listPlayerOrders: ({ db, query }) => listPlayerOrders(db, query),
    getPlayerPayments: ({ db, query }) => playerPayments(db, query),
    redeliverOrder: async ({ db, params, audit }) => {
      const now = clock.now();
      const [before] = await db.select().from(tables.orders).where(eq(tables.orders.id, params.id)).for('update');
      if (!before) throw notFound('order.notFound');
      if (before.deliveryState === 'delivered') throw conflict('order.alreadyDelivered');
      if (before.deliveryState === 'discarded') throw conflict('order.notRedeliverable');
      const result = await deliverOrder(db, params.id, now);
      const answer = await outcome(db, result);
      audit({
        target: auditTarget('order', params.id),
        before: { deliveryState: before.deliveryState },
        after: { deliveryState: result.order.deliveryState, delivered: result.delivered, reason: result.reason },
      });
      return answer;
    },
    listDeadLetters: ({ db, query }) => listDeadLetters(db, query),
    getDeadLetter: async ({ db, params }) => (await deadLetterViews(db, [await getDeadLetterRow(db, params.id)]))[0],
    retryDeadLetter: async ({ db, params, audit }) => {
      const { letter, result } = await retryDeadLetter(db, params.id, clock.now());
      audit({
        target: auditTarget('deadLetter', letter.id),
        before: { state: letter.state, reason: letter.reason, attempts: letter.attempts },
        after: {
          orderId: letter.orderId ?? result.order?.id ?? null,
          delivered: result.delivered,
          reason: result.reason,
          // What the retried work did (a store notice's refund and clawback), in this entry.
          ...(result.audit?.length ? { effects: result.audit.map((a) => ({ target: a.target, after: a.after })) } : {}),
        },
      });
      return outcome(db, result);
    },
    discardDeadLetter: async ({ db, params, body, session, audit }) => {
      const { before, after } = await discardDeadLetter(db, params.id, body.reason, session!.username, clock.now());
      audit({
        target: auditTarget('deadLetter', before.id),
        before: { state: before.state },
        after: { state: after.state, orderId: after.orderId, discardReason: after.discardReason },
      });
      return (await deadLetterViews(db, [after]))[0];
    },
  });

  registerEndpoints(app, deps, orderGameEndpoints, {
    gamePurchase: ownTransactions(({ db, params, body, req }) =>
      purchase(db, validators, { ...body, userId: params.userId }, clock.now(), req.log),
    ),
  });
}

export const ordersArea = defineArea({
  name: 'orders',
  needs: ['players', 'store', 'mail'],
  tables,
  register: (deps) => {
    register(deps);
    // The stores part (issue 42 items 1, 3, 4): notices, refunds, the refund poll.
    registerStores(deps, { refundEndpoints, noticeEndpoints });
  },
});
