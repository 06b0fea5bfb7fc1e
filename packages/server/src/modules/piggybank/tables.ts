import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * What each player holds in each piggy bank (issue 43 item 2): one row per player and bank,
 * written only by an atomic `least(fill + x, cap)` upsert (events), a subtraction (a delivery) or
 * a reset (an operator).
 */
export const piggyBankFills = pgTable(
  'piggy_bank_fills',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    bank: text().notNull(),
    fill: bigint({ mode: 'number' }).notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [primaryKey({ name: 'piggy_bank_fills_pk', columns: [t.userId, t.bank] })],
);

/**
 * What an order that breaks a bank buys: the fill it held when the order was first stored
 * (verification), by order ID; the delivery grants it and subtracts it from the bank.
 */
export const piggyBankBreaks = pgTable('piggy_bank_breaks', {
  orderId: bigint({ mode: 'number' }).primaryKey(),
  userId: bigint({ mode: 'number' }).notNull(),
  bank: text().notNull(),
  resource: text().notNull(),
  amount: bigint({ mode: 'number' }).notNull(),
  createdAt: at().notNull(),
});
