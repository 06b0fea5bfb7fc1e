import { type ConditionRule, giftCodeKinds, type Reward } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * A gift-code batch: one shared code with a total limit, or N unique codes (rows of gift_codes).
 * What was claimed is counted in `gift_code_counters`, the batch's limit split over slots.
 */
export const giftCodeBatches = pgTable(
  'gift_code_batches',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: jsonb().$type<Record<string, string>>().notNull(),
    kind: text({ enum: giftCodeKinds }).notNull(),
    /** Shared: the normalized code (upper case). */
    sharedCode: text(),
    /** Shared: the limit; unique: the number of codes asked for. */
    totalLimit: integer().notNull(),
    /** Unique: codes written so far by the generation job. */
    generated: integer().notNull().default(0),
    disabledCodes: integer().notNull().default(0),
    rewards: jsonb().$type<Reward[]>().notNull(),
    startAt: at().notNull(),
    endAt: at().notNull(),
    perPlayerLimit: integer().notNull().default(1),
    conditions: jsonb().$type<ConditionRule[]>().notNull(),
    platforms: jsonb().$type<string[]>().notNull(),
    channels: jsonb().$type<string[]>().notNull(),
    enabled: boolean().notNull().default(true),
    createdBy: text(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [uniqueIndex('gift_code_batches_shared_code_idx').on(t.sharedCode)],
);

/**
 * A batch's redemption counter, split over slots so that concurrent redemptions of one code do
 * not queue on one row: slot i may take `quota` redemptions, the quotas add up to the batch's
 * limit, and a redemption takes one from a slot with room (`claimed < quota`, checked by the
 * UPDATE itself). So the batch never passes its limit, and "used up" means every slot is full.
 * What the batch claimed is the sum over its slots.
 */
export const giftCodeCounters = pgTable(
  'gift_code_counters',
  {
    /**
     * No foreign key, as on redemptions: batches are never deleted, and a key's check, run again
     * for each redemption of a statement (the slot's row changed in the same transaction), would
     * share-lock the batch's row from each redemption's subtransaction, piling its lockers into
     * a multixact every read of the batch then unpacks.
     */
    batchId: integer().notNull(),
    slot: integer().notNull(),
    quota: integer().notNull(),
    claimed: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.slot] }),
    check('gift_code_counters_within_quota', sql`${t.claimed} <= ${t.quota}`),
  ],
);

/** One generated code of a unique batch; `used_by` is set once, by the redemption that uses it. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    code: text().primaryKey(),
    batchId: integer()
      .notNull()
      .references(() => giftCodeBatches.id, { onDelete: 'cascade' }),
    usedBy: bigint({ mode: 'number' }),
    usedAt: at(),
    disabledAt: at(),
    /** Handed to this player by a comeback mail: only they may redeem it. */
    assignedTo: bigint({ mode: 'number' }),
    assignedAt: at(),
  },
  (t) => [
    index('gift_codes_batch_idx').on(t.batchId, t.code),
    index('gift_codes_assigned_idx').on(t.batchId, t.assignedTo).where(sql`${t.assignedTo} is not null`),
  ],
);

/**
 * Every redemption. (batch, player, seq) makes a player's n-th redemption of a batch happen once
 * (seq 1 only, by default); `unique_code` makes a unique code's redemption happen once.
 */
export const giftCodeRedemptions = pgTable(
  'gift_code_redemptions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /**
     * The batch, with no foreign key: batches are never deleted (they are disabled), and a key's
     * check would share-lock the batch's one row from every redemption of a code.
     */
    batchId: integer().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    seq: integer().notNull(),
    /** The code as redeemed (the shared code, or the unique one). */
    code: text().notNull(),
    /** Unique batches only: the code, once. */
    uniqueCode: text(),
    rewards: jsonb().$type<Reward[]>().notNull(),
    redeemedAt: at().notNull(),
    ip: text(),
  },
  (t) => [
    uniqueIndex('gift_code_redemptions_player_idx').on(t.batchId, t.userId, t.seq),
    uniqueIndex('gift_code_redemptions_unique_code_idx').on(t.uniqueCode).where(sql`${t.uniqueCode} is not null`),
    index('gift_code_redemptions_user_idx').on(t.userId, t.id),
    index('gift_code_redemptions_code_idx').on(t.code, t.id),
  ],
);

/** Failed redemption attempts per player (`p:<id>`) and per IP (`ip:<addr>`) in the current window. */
export const giftCodeAttempts = pgTable('gift_code_attempts', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowStart: at().notNull(),
});
