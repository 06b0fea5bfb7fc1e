import type { SignedDataVerifier } from '@apple/app-store-server-library';
import { type ConsumptionRequest, DeliveryStatus, RefundPreference } from '@apple/app-store-server-library';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreSettings } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import type { AuditEntry } from '../../platform/http/audit.js';
import { defineJob, type JobContext } from '../../platform/jobs/index.js';
import type { NoticeAction } from './notices.js';
import { findStoreOrder, recordStoreRefund } from './refunds.js';
import { orders, storeNotifications } from './tables.js';
import { type AppleApi, verifyAppleTransaction } from './validators/apple.js';
import type { GoogleApi } from './validators/google.js';

/**
 * Because store notices can be missed, a job polls the stores for refunds of recent orders:
 * Google's voided-purchases list and Apple's refund history (per player with recent App Store
 * orders). A refund found this way is recorded as a notice's would be (`recordStoreRefund`,
 * once). And the job that answers Apple's consumption requests from the order's delivery state.
 */

export interface StoreApis {
  settings: StoreSettings;
  google?: GoogleApi;
  apple?: AppleApi;
  appleVerifier?: SignedDataVerifier;
}

const DAY_MS = 86_400_000;
/** Players whose App Store orders one poll asks Apple about (the most recent first). */
export const APPLE_POLL_PLAYERS = 500;

type Audit = (db: Db, entries: (AuditEntry & { action: string })[]) => Promise<void>;
const withAction = (entries: AuditEntry[]) => entries.map((e) => ({ ...e, action: e.action ?? 'storeRefund' }));

/** Poll both stores once; answers how many refunds were found and recorded. */
export async function pollStoreRefunds(
  apis: StoreApis,
  run: { db: Db; now: Date; step<T>(fn: (tx: Db) => Promise<T>): Promise<T>; audit: Audit },
): Promise<{ google: number; apple: number }> {
  const since = new Date(run.now.getTime() - apis.settings.refundPollDays * DAY_MS);
  const found = { google: 0, apple: 0 };
  const record = async (
    platform: 'google' | 'apple',
    key: { transactionId?: string | null; originalTransactionId?: string | null },
    at: Date,
    actor: string,
  ) =>
    run.step(async (tx) => {
      const order = await findStoreOrder(tx, platform, key);
      if (!order || order.refundState) return false;
      const result = await recordStoreRefund(
        tx,
        {
          order,
          state: 'refunded',
          at,
          source: 'store',
          clawback: apis.settings.refundClawback,
          actor,
          detail: { via: 'poll' },
        },
        run.now,
      );
      if (result.audit.length) await run.audit(tx, withAction(result.audit));
      return result.changed;
    });

  if (apis.google) {
    const voided = await apis.google.voidedPurchases(since, run.now);
    for (const v of voided) {
      const at = new Date(Number(v.voidedTimeMillis) || run.now.getTime());
      if (
        await record('google', { transactionId: v.orderId, originalTransactionId: v.purchaseToken }, at, 'Google Play')
      )
        found.google += 1;
    }
  }

  if (apis.apple && apis.appleVerifier) {
    // One transaction per player with recent unrefunded App Store orders: the refund history
    // answers for every purchase of that customer.
    const recent = await run.db
      .select({ userId: orders.userId, transactionId: sql<string>`max(${orders.transactionId})` })
      .from(orders)
      .where(and(eq(orders.platform, 'apple'), isNull(orders.refundState), gte(orders.purchasedAt, since)))
      .groupBy(orders.userId)
      .orderBy(desc(sql`max(${orders.purchasedAt})`))
      .limit(APPLE_POLL_PLAYERS);
    for (const r of recent) {
      const signed = await apis.apple.refundedTransactions(r.transactionId);
      for (const jws of signed) {
        const t = await verifyAppleTransaction(apis.appleVerifier, jws).catch(() => undefined);
        if (!t?.transactionId) continue;
        const at = new Date(t.revocationDate ?? run.now.getTime());
        if (await record('apple', { transactionId: t.transactionId }, at, 'App Store')) found.apple += 1;
      }
    }
  }
  return found;
}

/** Apple's consumption request answered from the order's delivery state. */
export function consumptionAnswer(deliveryState: string): ConsumptionRequest {
  const delivered = deliveryState === 'delivered';
  return {
    // The game's terms cover sharing consumption data (decision 2026-11-28-store-notices).
    customerConsented: true,
    sampleContentProvided: false,
    deliveryStatus: delivered ? DeliveryStatus.DELIVERED : DeliveryStatus.UNDELIVERED_SERVER_OUTAGE,
    consumptionPercentage: delivered ? 100_000 : 0,
    refundPreference: delivered ? RefundPreference.DECLINE : RefundPreference.GRANT_FULL,
  };
}

/** Send the consumption answer of a stored CONSUMPTION_REQUEST notice. */
export async function answerConsumption(apis: StoreApis, db: Db, noticeRowId: number) {
  if (!apis.apple) throw new Error('the App Store Server API is not configured');
  const [row] = await db.select().from(storeNotifications).where(eq(storeNotifications.id, noticeRowId));
  if (!row) return { sent: false };
  const action = (row.payload as { action?: NoticeAction }).action;
  if (action?.kind !== 'consumption') return { sent: false };
  const order = await findStoreOrder(db, 'apple', { transactionId: action.transactionId });
  if (!order) return { sent: false };
  const request = consumptionAnswer(order.deliveryState);
  await apis.apple.sendConsumption(action.transactionId, request);
  return { sent: true, deliveryStatus: request.deliveryStatus };
}

export function storeJobs(apis: StoreApis) {
  const pollRefundsJob = defineJob({
    name: 'orders.pollRefunds',
    payload: z.object({}),
    schedule: { cron: '23 * * * *' },
    retry: { limit: 2, delaySeconds: 300, backoff: true },
    concurrency: 1,
    leaseSeconds: 30 * 60,
    singletonKey: () => 'poll',
    handler: (ctx: JobContext<Record<string, never>>) =>
      pollStoreRefunds(apis, { db: ctx.db, now: ctx.clock.now(), step: ctx.step, audit: ctx.audit }),
  });
  const consumptionJob = defineJob({
    name: 'orders.consumption',
    payload: z.object({ noticeId: z.number().int() }),
    // Apple waits 12 hours for the answer.
    retry: { limit: 6, delaySeconds: 60, backoff: true },
    concurrency: 2,
    leaseSeconds: 120,
    handler: ({ db, payload }) => answerConsumption(apis, db, payload.noticeId),
  });
  return { pollRefundsJob, consumptionJob };
}
