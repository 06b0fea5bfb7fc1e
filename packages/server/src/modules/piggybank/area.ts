import {
  auditTarget,
  type Locale,
  type PiggyBank,
  type PlayerPiggyBank,
  piggyBankEndpoints,
  piggyBankGameEndpoints,
  piggyBankResource,
  type Reward,
} from '@rookery/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { onGameEvents, type ReportedEvent } from '../../platform/game-events.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { sendCached } from '../../platform/http/etag.js';
import { itemRows } from '../../platform/resources/items.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { DeliveryFailed, registerProductDelivery } from '../orders/delivery.js';
import { existingPlayerIds } from '../players/service.js';
import * as tables from './tables.js';
import { piggyBankBreaks, piggyBankFills } from './tables.js';

/** A bank as stored: its document and its window. */
interface BankRow {
  key: string;
  doc: PiggyBank;
  effectiveAt: Date | null;
  expireAt: Date | null;
}

const inWindow = (b: { effectiveAt: Date | null; expireAt: Date | null }, now: Date) =>
  (!b.effectiveAt || b.effectiveAt <= now) && (!b.expireAt || b.expireAt > now);

/** Every bank (a handful), with its window. */
async function allBanks(db: Db): Promise<BankRow[]> {
  const rows = await itemRows<PiggyBank>(db, piggyBankResource);
  return rows.map((r) => ({
    key: r.key,
    doc: r.document as PiggyBank,
    effectiveAt: r.effectiveAt,
    expireAt: r.expireAt,
  }));
}

/** The banks running at `now`. */
const activeBanks = async (db: Db, now: Date) => (await allBanks(db)).filter((b) => inWindow(b, now));

/** Two windows share a moment (an absent bound is open). */
function overlaps(
  a: { effectiveAt: Date | null; expireAt: Date | null },
  b: { effectiveAt: Date | null; expireAt: Date | null },
) {
  const aStart = a.effectiveAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const aEnd = a.expireAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const bStart = b.effectiveAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const bEnd = b.expireAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return aStart < bEnd && bStart < aEnd;
}

const dateOrNull = (s: string | null | undefined) => (s ? new Date(s) : null);

/** 400 on the window when another bank of the same product runs at a shared moment. */
async function refuseOverlap(
  db: Db,
  doc: PiggyBank,
  window: { effectiveAt: Date | null; expireAt: Date | null },
  locale: Locale,
) {
  const others = (await allBanks(db)).filter(
    (b) => b.key !== doc.name && b.doc.purchaseId === doc.purchaseId && overlaps(b, window),
  );
  if (others.length === 0) return;
  const where = others.map((b) => b.key).join(locale === 'zh-CN' ? '、' : ', ');
  throw new AppError(400, 'piggyBank.overlapMsg', {
    vars: { where },
    fields: [
      { field: 'effectiveAt', message: 'piggyBank.overlap' },
      { field: 'expireAt', message: 'piggyBank.overlap' },
    ],
  });
}

/** The player's fill of each bank named. */
async function fillsOf(db: Db, userId: number, banks: readonly string[]) {
  if (banks.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ bank: piggyBankFills.bank, fill: piggyBankFills.fill })
    .from(piggyBankFills)
    .where(and(eq(piggyBankFills.userId, userId), inArray(piggyBankFills.bank, [...banks])));
  return new Map(rows.map((r) => [r.bank, r.fill]));
}

async function requirePlayer(db: Db, userId: number) {
  if (!(await existingPlayerIds(db, [userId])).has(userId)) throw notFound('player.notFound');
}

/** The player's active banks with their fill (the game's view and the player page's tab). */
async function playerBanks(db: Db, userId: number, now: Date): Promise<PlayerPiggyBank[]> {
  await requirePlayer(db, userId);
  const banks = await activeBanks(db, now);
  const fills = await fillsOf(
    db,
    userId,
    banks.map((b) => b.key),
  );
  return banks.map((b) => {
    const fill = Math.min(fills.get(b.key) ?? 0, b.doc.cap);
    return {
      name: b.key,
      titleZh: b.doc.titleZh,
      titleEn: b.doc.titleEn,
      resource: b.doc.resource,
      fill,
      cap: b.doc.cap,
      full: fill >= b.doc.cap,
      purchaseId: b.doc.purchaseId,
      effectiveAt: b.effectiveAt?.toISOString() ?? null,
      expireAt: b.expireAt?.toISOString() ?? null,
    };
  });
}

/**
 * The events a player's game reports fill their active banks: each event a rule names adds the
 * rule's amount, the sum per bank written by one atomic `least(fill + x, cap)` upsert (never
 * beyond the cap, whatever runs beside it).
 */
async function fillFromEvents(db: Db, userId: number, events: readonly ReportedEvent[], now: Date) {
  const banks = await activeBanks(db, now);
  for (const bank of banks) {
    const amounts = new Map(bank.doc.rules.map((r) => [r.event, r.amount]));
    let add = 0;
    for (const e of events) add += amounts.get(e.name) ?? 0;
    if (add <= 0) continue;
    const cap = bank.doc.cap;
    await db
      .insert(piggyBankFills)
      .values({ userId, bank: bank.key, fill: Math.min(add, cap), updatedAt: now })
      .onConflictDoUpdate({
        target: [piggyBankFills.userId, piggyBankFills.bank],
        set: { fill: sql`least(${piggyBankFills.fill} + ${add}, ${cap})`, updatedAt: now },
      });
  }
}

async function register({ app, database, clock, kit, gameKeyHash }: ModuleDeps) {
  kit.register(piggyBankResource, {
    beforeSave: async ({ db, doc, previous, window, locale }) => {
      const bank = doc as PiggyBank;
      // A restore or an action keeps the stored window.
      const stored = window ? null : (await allBanks(db)).find((b) => b.key === bank.name);
      const span = window
        ? { effectiveAt: dateOrNull(window.effectiveAt), expireAt: dateOrNull(window.expireAt) }
        : { effectiveAt: stored?.effectiveAt ?? null, expireAt: stored?.expireAt ?? null };
      void previous;
      await refuseOverlap(db, bank, span, locale);
    },
  });

  onGameEvents('piggyBank', fillFromEvents);

  registerProductDelivery('piggyBank', {
    // Only a product some bank breaks is snapshotted (the window is checked by the step).
    verifies: (productId) =>
      sql`exists (select 1 from ${resourceItems} where ${resourceItems.kind} = ${piggyBankResource.name}
        and ${resourceItems.document} @> jsonb_build_object('purchaseId',
          case when ${productId} ~ '^[0-9]{1,9}$' then (${productId})::int else 0 end))`,
    // The order is first stored: what the bank its product breaks holds now is what it buys.
    onVerified: async (db, { orderId, userId, productId, now }) => {
      const id = Number(productId);
      const bank = (await activeBanks(db, now)).find((b) => b.doc.purchaseId === id);
      if (!bank) return;
      const fill = Math.min((await fillsOf(db, userId, [bank.key])).get(bank.key) ?? 0, bank.doc.cap);
      await db
        .insert(piggyBankBreaks)
        .values({ orderId, userId, bank: bank.key, resource: bank.doc.resource, amount: fill, createdAt: now })
        .onConflictDoNothing();
    },
    // Only an order with a snapshot breaks a bank.
    delivers: (order) => sql`exists (select 1 from ${piggyBankBreaks} where ${piggyBankBreaks.orderId} = ${order.id})`,
    // In the delivery's transaction, once per order: the snapshot is the content; the bank keeps
    // what it gained since. An empty bank is refused (dead letter): see docs/decisions.
    onDeliver: async (db, { orderId, userId }): Promise<Reward[] | undefined> => {
      const [snap] = await db.select().from(piggyBankBreaks).where(eq(piggyBankBreaks.orderId, orderId));
      if (!snap) return undefined;
      if (snap.amount <= 0) throw new DeliveryFailed('invalidState', { why: 'piggyBankEmpty', bank: snap.bank });
      await db
        .update(piggyBankFills)
        .set({ fill: sql`greatest(${piggyBankFills.fill} - ${snap.amount}, 0)`, updatedAt: clock.now() })
        .where(and(eq(piggyBankFills.userId, userId), eq(piggyBankFills.bank, snap.bank)));
      return [{ kind: snap.resource, amount: snap.amount } as Reward];
    },
  });

  const registry = { db: database.db, gameKeyHash };
  registerEndpoints(app, registry, piggyBankGameEndpoints, {
    gameGetPiggyBank: async ({ db, params, req, reply }) => {
      const banks = await playerBanks(db, params.userId, clock.now());
      return sendCached(req, reply, JSON.stringify({ code: 200, data: { banks }, msg: 'ok' }));
    },
  });
  registerEndpoints(app, registry, piggyBankEndpoints, {
    playerPiggyBanks: async ({ db, query }) => ({ list: await playerBanks(db, query.userId, clock.now()) }),
    resetPlayerPiggyBank: async ({ db, params, body, audit }) => {
      const now = clock.now();
      const { userId } = params;
      await requirePlayer(db, userId);
      if (!(await allBanks(db)).some((b) => b.key === body.bank)) throw notFound('piggyBank.notFound');
      const [row] = await db
        .select({ fill: piggyBankFills.fill })
        .from(piggyBankFills)
        .where(and(eq(piggyBankFills.userId, userId), eq(piggyBankFills.bank, body.bank)))
        .for('update');
      const before = row?.fill ?? 0;
      await db
        .insert(piggyBankFills)
        .values({ userId, bank: body.bank, fill: 0, updatedAt: now })
        .onConflictDoUpdate({ target: [piggyBankFills.userId, piggyBankFills.bank], set: { fill: 0, updatedAt: now } });
      audit({
        target: auditTarget('player', userId),
        before: { bank: body.bank, fill: before },
        after: { bank: body.bank, fill: 0 },
      });
      return { bank: body.bank, before, fill: 0 };
    },
  });
}

/** Piggy banks (issue 43 item 2): fill from game events, broken by a purchase of the orders area. */
export const piggyBankArea = defineArea({ name: 'piggybank', needs: ['players', 'orders'], tables, register });
