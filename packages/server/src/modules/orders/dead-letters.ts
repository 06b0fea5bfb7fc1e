import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { AuditEntry } from '../../platform/http/audit.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { type DeliveryResult, deliverOrder } from './delivery.js';
import { type DeadLetterKind, orderDeadLetters, orders } from './tables.js';

/**
 * The dead-letter queue's actions: retry (a delivery: `deliverOrder`, exactly once) and discard
 * (with a reason; the order stays undelivered, as `discarded`). Other kinds of letters (store
 * notices) bring their own retry through `registerDeadLetterRetry`.
 */

/** What a retry came to: delivered (or processed) by this call, or why it still waits. */
export type RetryOutcome = Pick<DeliveryResult, 'delivered' | 'reason'> & {
  order: DeliveryResult['order'] | null;
  /** What the retry's own work would audit (a store notice's refund): folded into the retry's entry. */
  audit?: AuditEntry[];
};
type Retry = (db: Db, letter: typeof orderDeadLetters.$inferSelect, now: Date) => Promise<RetryOutcome>;
const retries = new Map<DeadLetterKind, Retry>([
  ['delivery', (db, letter, now) => deliverOrder(db, letter.orderId!, now)],
]);

/** How a kind of dead letter is retried (the store notices' part registers `notification`). */
export function registerDeadLetterRetry(kind: DeadLetterKind, retry: Retry) {
  retries.set(kind, retry);
}

export async function getDeadLetterRow(db: Db, id: number, lock = false) {
  const q = db.select().from(orderDeadLetters).where(eq(orderDeadLetters.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('deadLetter.notFound');
  return row;
}

/** Retry a waiting letter; 409 when it has been handled. */
export async function retryDeadLetter(db: Db, id: number, now: Date) {
  const letter = await getDeadLetterRow(db, id, true);
  if (letter.state !== 'waiting') throw conflict('deadLetter.notWaiting');
  const retry = retries.get(letter.kind);
  if (!retry || (letter.kind === 'delivery' && letter.orderId === null)) throw conflict('deadLetter.noRetry');
  return { letter, result: await retry(db, letter, now) };
}

/** Discard a waiting letter with the operator's reason; its order becomes `discarded`. */
export async function discardDeadLetter(db: Db, id: number, reason: string, actor: string, now: Date) {
  const letter = await getDeadLetterRow(db, id, true);
  if (letter.state !== 'waiting') throw conflict('deadLetter.notWaiting');
  const [after] = await db
    .update(orderDeadLetters)
    .set({ state: 'discarded', discardReason: reason, resolvedBy: actor, updatedAt: now })
    .where(eq(orderDeadLetters.id, id))
    .returning();
  if (letter.kind === 'delivery' && letter.orderId !== null)
    await db
      .update(orders)
      .set({ deliveryState: 'discarded' })
      .where(and(eq(orders.id, letter.orderId), eq(orders.deliveryState, 'deadLettered')));
  return { before: letter, after };
}
