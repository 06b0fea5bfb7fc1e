import type { JWSTransactionDecodedPayload, SignedDataVerifier } from '@apple/app-store-server-library';
import { eq } from 'drizzle-orm';
import type { GoogleSettings } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import type { AuditEntry } from '../../platform/http/audit.js';
import { AppError } from '../../platform/http/errors.js';
import { findStoreOrder, OrderMissing, recordStoreRefund } from './refunds.js';
import { type ClawbackKind, orderDeadLetters, type RefundState, storeNotifications } from './tables.js';
import { ReceiptRefused } from './validator.js';
import { verifyAppleNotification, verifyAppleTransaction } from './validators/apple.js';

/**
 * Store notices: App Store Server Notifications v2 and Google Play real-time developer
 * notifications. Verification happens first, outside any transaction (a forged or malformed
 * notice is refused with 4xx and logged, never 500); then one transaction records the notice by
 * (platform, notification ID) — a notice sent again is answered `duplicate` and changes nothing —
 * and does what it says: refunds, revocations and reversals mark the order (`refunds.ts`),
 * a consumption request is answered by a job, other types are kept as `ignored`. A notice that
 * names an order the server does not have, or whose processing fails, waits in the dead-letter
 * queue (kind `notification`) and is still acknowledged (2xx), so the store does not retry it
 * forever and nothing is lost.
 */

/** What a verified notice asks for. */
export type NoticeAction =
  | {
      kind: 'refund';
      state: RefundState;
      /** When the store says it happened (ms since the epoch). */
      at: number;
      transactionId?: string | null;
      originalTransactionId?: string | null;
    }
  | { kind: 'consumption'; transactionId: string }
  | { kind: 'ignore' };

export interface VerifiedNotice {
  platform: 'apple' | 'google';
  notificationId: string;
  type: string;
  subtype: string | null;
  /** The decoded notice, without the signed blobs (nothing secret). */
  payload: Record<string, unknown>;
  action: NoticeAction;
}

export type NoticeOutcome = 'processed' | 'ignored' | 'duplicate' | 'deadLettered';

const refused = (reason: string) => new AppError(400, 'notice.refused', { vars: { reason } });

/** What is kept of Apple's decoded transaction (no signature, no account token). */
const transactionView = (t: JWSTransactionDecodedPayload) => ({
  transactionId: t.transactionId,
  originalTransactionId: t.originalTransactionId,
  productId: t.productId,
  bundleId: t.bundleId,
  environment: t.environment,
  purchaseDate: t.purchaseDate,
  revocationDate: t.revocationDate,
  revocationReason: t.revocationReason,
  price: t.price,
  currency: t.currency,
});

/** Verify an App Store notice's signed payload and its signed transaction; refusals as 400. */
export async function verifyAppleNotice(verifier: SignedDataVerifier, signedPayload: string): Promise<VerifiedNotice> {
  let notice: Awaited<ReturnType<typeof verifyAppleNotification>>;
  try {
    notice = await verifyAppleNotification(verifier, signedPayload);
  } catch (err) {
    throw refused(err instanceof ReceiptRefused ? err.code : 'malformed');
  }
  const type = String(notice.notificationType ?? '');
  const subtype = notice.subtype ? String(notice.subtype) : null;
  if (!notice.notificationUUID || !type) throw new AppError(400, 'notice.malformed');
  let transaction: JWSTransactionDecodedPayload | undefined;
  if (notice.data?.signedTransactionInfo) {
    try {
      transaction = await verifyAppleTransaction(verifier, notice.data.signedTransactionInfo);
    } catch (err) {
      throw refused(err instanceof ReceiptRefused ? err.code : 'malformed');
    }
  }
  const payload = {
    notificationType: type,
    subtype,
    notificationUUID: notice.notificationUUID,
    signedDate: notice.signedDate,
    environment: notice.data?.environment,
    bundleId: notice.data?.bundleId,
    consumptionRequestReason: notice.data?.consumptionRequestReason,
    transaction: transaction ? transactionView(transaction) : null,
  };
  const refundState: Record<string, RefundState> = {
    REFUND: 'refunded',
    REVOKE: 'revoked',
    REFUND_REVERSED: 'reversed',
  };
  let action: NoticeAction = { kind: 'ignore' };
  if (refundState[type]) {
    if (!transaction?.transactionId) throw new AppError(400, 'notice.malformed');
    action = {
      kind: 'refund',
      state: refundState[type],
      at: transaction.revocationDate ?? notice.signedDate ?? 0,
      transactionId: transaction.transactionId,
      originalTransactionId: transaction.originalTransactionId,
    };
  } else if (type === 'CONSUMPTION_REQUEST') {
    if (!transaction?.transactionId) throw new AppError(400, 'notice.malformed');
    action = { kind: 'consumption', transactionId: transaction.transactionId };
  }
  return { platform: 'apple', notificationId: notice.notificationUUID, type, subtype, payload, action };
}

/** Google's DeveloperNotification (the Pub/Sub message's data), the fields read here. */
interface DeveloperNotification {
  version?: string;
  packageName?: string;
  eventTimeMillis?: string;
  oneTimeProductNotification?: { notificationType?: number; purchaseToken?: string; sku?: string };
  subscriptionNotification?: { notificationType?: number; purchaseToken?: string; subscriptionId?: string };
  voidedPurchaseNotification?: { purchaseToken?: string; orderId?: string; productType?: number; refundType?: number };
  testNotification?: { version?: string };
}

/** Decode a Pub/Sub push of an RTDN (after its OIDC token was verified); malformed ones as 400. */
export function decodeGoogleNotice(
  settings: GoogleSettings,
  message: { data: string; messageId: string },
): VerifiedNotice {
  let n: DeveloperNotification;
  try {
    const text = Buffer.from(message.data, 'base64').toString('utf8');
    n = JSON.parse(text) as DeveloperNotification;
  } catch {
    throw new AppError(400, 'notice.malformed');
  }
  if (!n || typeof n !== 'object' || Array.isArray(n)) throw new AppError(400, 'notice.malformed');
  if (n.packageName !== settings.packageName) throw refused('wrongBundle');
  const at = Number(n.eventTimeMillis);
  const base = {
    platform: 'google' as const,
    notificationId: message.messageId,
    subtype: null,
    payload: { ...n } as Record<string, unknown>,
  };
  if (n.voidedPurchaseNotification) {
    const v = n.voidedPurchaseNotification;
    if (!v.purchaseToken && !v.orderId) throw new AppError(400, 'notice.malformed');
    // Subscriptions are not sold here: a voided subscription is kept, nothing to do.
    if (v.productType === 1) return { ...base, type: 'voidedPurchase', action: { kind: 'ignore' } };
    return {
      ...base,
      type: 'voidedPurchase',
      action: {
        kind: 'refund',
        state: 'refunded',
        at: Number.isFinite(at) ? at : 0,
        transactionId: v.orderId ?? null,
        originalTransactionId: v.purchaseToken ?? null,
      },
    };
  }
  const type = n.oneTimeProductNotification
    ? 'oneTimeProduct'
    : n.subscriptionNotification
      ? 'subscription'
      : n.testNotification
        ? 'test'
        : null;
  if (!type) throw new AppError(400, 'notice.malformed');
  return { ...base, type, action: { kind: 'ignore' } };
}

export interface NoticeDeps {
  /** The clawback a store refund applies (the setting). */
  clawback: ClawbackKind;
  /** Enqueue the consumption answer of a stored notice, in the caller's transaction. */
  answerConsumption(db: Db, noticeRowId: number): Promise<void>;
}

/** Put a notice that could not be processed in the dead-letter queue. */
async function deadLetter(
  db: Db,
  noticeRowId: number,
  notice: VerifiedNotice,
  reason: string,
  detail: Record<string, unknown>,
  now: Date,
) {
  await db.insert(orderDeadLetters).values({
    kind: 'notification',
    notificationId: noticeRowId,
    reason,
    detail: { platform: notice.platform, notificationId: notice.notificationId, type: notice.type, ...detail },
    state: 'waiting',
    createdAt: now,
    updatedAt: now,
  });
  await db.update(storeNotifications).set({ outcome: 'deadLettered' }).where(eq(storeNotifications.id, noticeRowId));
}

/** Do what a stored notice asks; answers its outcome. Failures go to the dead-letter queue. */
export async function runNoticeAction(
  db: Db,
  noticeRowId: number,
  notice: VerifiedNotice,
  deps: NoticeDeps,
  now: Date,
  actor: string,
  audit: AuditEntry[],
): Promise<NoticeOutcome> {
  const action = notice.action;
  if (action.kind === 'ignore') {
    await db.update(storeNotifications).set({ outcome: 'ignored' }).where(eq(storeNotifications.id, noticeRowId));
    return 'ignored';
  }
  try {
    // A savepoint: a failure undoes the processing's writes, the notice and its dead letter stay.
    const orderId = await db.transaction(async (sp) => {
      const key =
        action.kind === 'refund'
          ? { transactionId: action.transactionId, originalTransactionId: action.originalTransactionId }
          : { transactionId: action.transactionId };
      const order = await findStoreOrder(sp, notice.platform, key);
      if (!order) throw new OrderMissing(key);
      if (action.kind === 'refund') {
        const result = await recordStoreRefund(
          sp,
          {
            order,
            state: action.state,
            at: new Date(action.at || now.getTime()),
            source: 'store',
            clawback: deps.clawback,
            actor,
            detail: { notice: notice.type, notificationId: notice.notificationId },
          },
          now,
        );
        audit.push(...result.audit);
      } else {
        await deps.answerConsumption(sp, noticeRowId);
      }
      await sp
        .update(storeNotifications)
        .set({ outcome: 'processed', orderId: order.id })
        .where(eq(storeNotifications.id, noticeRowId));
      return order.id;
    });
    if (!audit.some((a) => String(a.target).startsWith('order:')))
      audit.push({ target: `order:${orderId}`, after: { type: notice.type, notificationId: notice.notificationId } });
    return 'processed';
  } catch (err) {
    if (err instanceof OrderMissing) await deadLetter(db, noticeRowId, notice, 'orderMissing', err.key, now);
    else await deadLetter(db, noticeRowId, notice, 'error', { message: (err as Error).message }, now);
    return 'deadLettered';
  }
}

/**
 * Record a verified notice once and do what it says, in the caller's transaction: a notice
 * already recorded (same platform and notification ID) answers `duplicate` and changes nothing.
 */
export async function processNotice(
  db: Db,
  notice: VerifiedNotice,
  deps: NoticeDeps,
  now: Date,
  actor: string,
): Promise<{ outcome: NoticeOutcome; audit: AuditEntry[] }> {
  const audit: AuditEntry[] = [];
  const [row] = await db
    .insert(storeNotifications)
    .values({
      platform: notice.platform,
      notificationId: notice.notificationId,
      type: notice.type,
      subtype: notice.subtype,
      payload: { ...notice.payload, action: notice.action },
      outcome: 'received',
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: storeNotifications.id });
  if (!row) return { outcome: 'duplicate', audit };
  const outcome = await runNoticeAction(db, row.id, notice, deps, now, actor, audit);
  return { outcome, audit };
}

/**
 * Run a dead-lettered notice again (the dead-letter queue's retry): the stored, verified notice's
 * action, as when it arrived. Answers the outcome; `deadLettered` again when it still fails (a new
 * dead letter; the caller settles the old one).
 */
export async function retryStoredNotice(
  db: Db,
  noticeRowId: number,
  deps: NoticeDeps,
  now: Date,
  actor: string,
): Promise<{ outcome: NoticeOutcome; audit: AuditEntry[] }> {
  const [row] = await db.select().from(storeNotifications).where(eq(storeNotifications.id, noticeRowId)).for('update');
  if (!row) throw new AppError(404, 'http.404');
  const { action, ...payload } = row.payload as Record<string, unknown> & { action: NoticeAction };
  const notice: VerifiedNotice = {
    platform: row.platform as 'apple' | 'google',
    notificationId: row.notificationId,
    type: row.type,
    subtype: row.subtype,
    payload,
    action,
  };
  const audit: AuditEntry[] = [];
  const outcome = await runNoticeAction(db, row.id, notice, deps, now, actor, audit);
  return { outcome, audit };
}
