import type { Reward } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * The acknowledged scores (issue 45 item 3): one row per board, period and player, the truth
 * Redis is rebuilt from. `k1`/`k2` are the score and sub-score turned so that smaller is better
 * (negated on a highest-first board; `k2` as `MAX_SUBSCORE − subscore` there), so one ascending
 * index `(k1, k2, submitted_at, user_id)` is the standings order of every board.
 * `version` grows with each change (Redis keeps the newest it saw).
 */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    board: text().notNull(),
    period: text().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    score: bigint({ mode: 'number' }).notNull(),
    subscore: bigint({ mode: 'number' }).notNull(),
    k1: bigint({ mode: 'number' }).notNull(),
    k2: bigint({ mode: 'number' }).notNull(),
    submittedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    version: bigint({ mode: 'number' }).notNull().default(1),
    mock: boolean().notNull().default(false),
    meta: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ name: 'leaderboard_scores_pk', columns: [t.board, t.period, t.userId] }),
    index('leaderboard_scores_order_idx').on(t.board, t.period, t.k1, t.k2, t.submittedAt, t.userId),
  ],
);

/**
 * Every submission as it came (the jump game's history, a player's attempts). `streamId`: the
 * write-behind log's entry it was drained from (Redis path), unique, so an entry drained twice
 * is written once; null on the PostgreSQL path.
 */
export const leaderboardAttempts = pgTable(
  'leaderboard_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    board: text().notNull(),
    period: text().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    score: bigint({ mode: 'number' }).notNull(),
    subscore: bigint({ mode: 'number' }).notNull(),
    at: at().notNull(),
    streamId: text(),
  },
  (t) => [
    index('leaderboard_attempts_board_idx').on(t.board, t.id),
    uniqueIndex('leaderboard_attempts_stream_idx').on(t.streamId),
    index('leaderboard_attempts_user_idx').on(t.board, t.userId, t.id),
  ],
);

/**
 * The mini-game blacklist (its own list, beside the players' blacklist flag: see
 * docs/decisions/2026-11-28-leaderboards.md): a player left out of every board until `endsAt`.
 */
export const minigameBlacklist = pgTable(
  'minigame_blacklist',
  {
    userId: bigint({ mode: 'number' }).primaryKey(),
    reason: text().notNull(),
    endsAt: at().notNull(),
    createdBy: text(),
    createdAt: at().notNull(),
  },
  (t) => [index('minigame_blacklist_ends_idx').on(t.endsAt)],
);

/** The period each board was last seen in: a change of period is a reset (`leaderboard.tick`). */
export const leaderboardPeriods = pgTable('leaderboard_periods', {
  board: text().primaryKey(),
  period: text().notNull(),
  updatedAt: at().notNull(),
});

/** One row per reset (board and ended period): written once, with the reset job, whatever runs beside. */
export const leaderboardResets = pgTable(
  'leaderboard_resets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    board: text().notNull(),
    period: text().notNull(),
    createdAt: at().notNull(),
    doneAt: at(),
  },
  (t) => [uniqueIndex('leaderboard_resets_board_period_uq').on(t.board, t.period)],
);

/** The hall of fame: the final standings' top of each ended period, with what each rank was mailed. */
export const hallOfFame = pgTable(
  'hall_of_fame',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    board: text().notNull(),
    period: text().notNull(),
    rank: bigint({ mode: 'number' }).notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    score: bigint({ mode: 'number' }).notNull(),
    subscore: bigint({ mode: 'number' }).notNull(),
    rewards: jsonb().$type<Reward[]>().notNull().default(sql`'[]'::jsonb`),
    archivedAt: at().notNull(),
  },
  (t) => [uniqueIndex('hall_of_fame_board_period_rank_uq').on(t.board, t.period, t.rank)],
);
