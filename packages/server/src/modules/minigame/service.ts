import {
  type Leaderboard,
  leaderboardMessages,
  leaderboardResource,
  MAX_SCORE,
  MAX_SUBSCORE,
  type Reward,
  type Standing,
} from '@rookery/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  GROUP_COMMIT_IN_FLIGHT,
  GroupCommit,
  type GroupCommitEngine,
  type Outcome,
} from '../../platform/db/group-commit.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { ItemsByKind } from '../../platform/resources/game-views.js';
import { itemRows } from '../../platform/resources/items.js';
import { createMail } from '../mail/mails.js';
import { periodOf } from './period.js';
import { type BoardRef, type BoardStore, excludedIds, orderKeys, postgresStore, type ScoreRow } from './store.js';
import { hallOfFame, leaderboardAttempts, leaderboardPeriods, leaderboardResets, leaderboardScores } from './tables.js';

/** Most bytes of a submission's `meta` (as JSON). */
export const MAX_META_BYTES = 2_048;
/** How many lines of a period's standings the hall of fame keeps (more when a band reaches deeper). */
export const FAME_DEPTH = 10;
const DAY_MS = 86_400_000;

/** A board's configuration (404 when there is none). */
export async function loadBoard(db: Db, id: string): Promise<Leaderboard> {
  const [row] = await itemRows<Leaderboard>(db, leaderboardResource, { keys: [id] });
  if (!row) throw notFound('leaderboard.notFound');
  return row.document as Leaderboard;
}

/** The boards by ID, compiled once per change of the leaderboard resource (a `kit.view`). */
export type BoardsById = ReadonlyMap<string, Leaderboard>;
export const compileBoards = (items: ItemsByKind): BoardsById =>
  new Map((items.get(leaderboardResource.name) ?? []).map((i) => [i.key, i.document as unknown as Leaderboard]));

export async function allBoards(db: Db): Promise<Leaderboard[]> {
  return (await itemRows<Leaderboard>(db, leaderboardResource)).map((r) => r.document as Leaderboard);
}

export const refOf = (board: Leaderboard, now: Date, period = periodOf(board, now)): BoardRef => ({
  board: board.id,
  period,
  sortOrder: board.sortOrder,
});

const clampScore = (n: number) => Math.max(-MAX_SCORE, Math.min(MAX_SCORE, n));
const clampSub = (n: number) => Math.max(0, Math.min(MAX_SUBSCORE, n));

/**
 * What a submission makes of the stored score (Nakama's operators): `best` keeps the better of the
 * two by the board's order (a tie keeps the stored one and its earlier time), `set` replaces,
 * `increment` adds score and sub-score, `decrement` subtracts them (never below 0 on a board that
 * forbids negative scores). Answers null when nothing changes.
 */
export function combine(
  board: Leaderboard,
  stored: { score: number; subscore: number } | undefined,
  sub: { score: number; subscore: number },
): { score: number; subscore: number; newTime: boolean } | null {
  if (!stored) {
    const score = board.operator === 'decrement' ? -sub.score : sub.score;
    return { score: board.allowNegative ? score : Math.max(0, score), subscore: sub.subscore, newTime: true };
  }
  switch (board.operator) {
    case 'best': {
      const a = orderKeys(board.sortOrder, sub.score, sub.subscore);
      const b = orderKeys(board.sortOrder, stored.score, stored.subscore);
      const better = a.k1 < b.k1 || (a.k1 === b.k1 && a.k2 < b.k2);
      return better ? { ...sub, newTime: true } : null;
    }
    case 'set':
      return { ...sub, newTime: true };
    case 'increment':
      return {
        score: clampScore(stored.score + sub.score),
        subscore: clampSub(stored.subscore + sub.subscore),
        newTime: true,
      };
    case 'decrement': {
      const score = clampScore(stored.score - sub.score);
      return {
        score: board.allowNegative ? score : Math.max(0, score),
        subscore: clampSub(stored.subscore - sub.subscore),
        newTime: true,
      };
    }
  }
}

export interface Submission {
  userId: number;
  board: string;
  score: number;
  subscore?: number;
  meta?: Record<string, unknown>;
}

/**
 * Store a submission (in the caller's transaction: PostgreSQL first, then the store's mirror, so a
 * Redis that does not answer fails the request and rolls the write back: nothing is acknowledged
 * that PostgreSQL does not hold). Bad input is refused before anything is written.
 */
export async function submitScore(db: Db, store: BoardStore, s: Submission, now: Date, known?: Leaderboard) {
  const board = known ?? (await loadBoard(db, s.board));
  checkSubmission(board, s);
  const ref = refOf(board, now);
  const subscore = s.subscore ?? 0;
  const key = and(
    eq(leaderboardScores.board, ref.board),
    eq(leaderboardScores.period, ref.period),
    eq(leaderboardScores.userId, s.userId),
  );
  await db.insert(leaderboardAttempts).values({
    board: ref.board,
    period: ref.period,
    userId: s.userId,
    score: s.score,
    subscore,
    at: now,
  });
  let [stored] = await db.select().from(leaderboardScores).where(key).for('update');
  const next = combine(board, stored, { score: s.score, subscore });
  let row: ScoreRow | undefined = stored;
  if (next) {
    const values = {
      board: ref.board,
      period: ref.period,
      userId: s.userId,
      score: next.score,
      subscore: next.subscore,
      ...orderKeys(board.sortOrder, next.score, next.subscore),
      submittedAt: now,
      meta: s.meta ?? null,
    };
    if (!stored) {
      [row] = await db.insert(leaderboardScores).values(values).onConflictDoNothing().returning();
      if (!row) {
        // Another submission of this player inserted first: combine with it.
        [stored] = await db.select().from(leaderboardScores).where(key).for('update');
        const again = combine(board, stored, { score: s.score, subscore });
        row = stored;
        if (again && stored)
          [row] = await db
            .update(leaderboardScores)
            .set({
              score: again.score,
              subscore: again.subscore,
              ...orderKeys(board.sortOrder, again.score, again.subscore),
              submittedAt: now,
              version: stored.version + 1,
              meta: s.meta ?? null,
            })
            .where(key)
            .returning();
      }
    } else {
      [row] = await db
        .update(leaderboardScores)
        .set({ ...values, version: stored.version + 1 })
        .where(key)
        .returning();
    }
    if (row) await store.put([row]);
  }
  const { entry } = await store.around(db, ref, s.userId, 0, now);
  return {
    board: ref.board,
    period: ref.period,
    score: row?.score ?? s.score,
    subscore: row?.subscore ?? subscore,
    rank: entry?.rank ?? null,
  };
}

/** Refuse bad input (before anything is written). */
export function checkSubmission(board: Leaderboard, s: Submission) {
  if (s.score < 0 && !board.allowNegative)
    throw new AppError(400, 'leaderboard.negative', { fields: [{ field: 'score', message: 'leaderboard.negative' }] });
  if (s.meta && Buffer.byteLength(JSON.stringify(s.meta)) > MAX_META_BYTES)
    throw new AppError(400, 'leaderboard.metaTooLarge', {
      fields: [{ field: 'meta', message: 'leaderboard.metaTooLarge' }],
    });
}

export type SubmitAnswer = Awaited<ReturnType<typeof submitScore>>;

/** A batch met a first score written by another transaction meanwhile: nothing is kept, each runs alone. */
class RaceInBatch extends Error {}

/**
 * Submissions of distinct players in one transaction (the group commit's batch): the attempts in
 * one insert, the stored scores read and locked in one select, the new scores in one upsert (each
 * combined as `submitScore` combines it), the Redis mirror in one pipeline, and the left-out players
 * read once for every rank. A refusal (bad input, an unknown board) is that caller's outcome; a
 * first score another transaction inserted meanwhile makes the batch throw (nothing written) so
 * that each runs alone.
 */
export async function submitMany(
  base: Db,
  store: BoardStore,
  boards: BoardsById,
  items: readonly Submission[],
  now: Date,
): Promise<Outcome<SubmitAnswer>[]> {
  const outcomes: Outcome<SubmitAnswer>[] = [];
  const ok: { at: number; s: Submission; board: Leaderboard; ref: BoardRef; subscore: number }[] = [];
  items.forEach((s, at) => {
    try {
      const board = boards.get(s.board);
      if (!board) throw notFound('leaderboard.notFound');
      checkSubmission(board, s);
      ok.push({ at, s, board, ref: refOf(board, now), subscore: s.subscore ?? 0 });
      outcomes.push({ ok: false, error: new Error('not run') });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  });
  if (ok.length === 0) return outcomes;
  await base.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.insert(leaderboardAttempts).values(
      ok.map((o) => ({
        board: o.ref.board,
        period: o.ref.period,
        userId: o.s.userId,
        score: o.s.score,
        subscore: o.subscore,
        at: now,
      })),
    );
    const keyOf = (board: string, period: string, userId: number) => `${board}\u0000${period}\u0000${userId}`;
    const storedRows = await tx
      .select()
      .from(leaderboardScores)
      .where(
        sql`(${leaderboardScores.board}, ${leaderboardScores.period}, ${leaderboardScores.userId}) in (${sql.join(
          ok.map((o) => sql`(${o.ref.board}::text, ${o.ref.period}::text, ${o.s.userId}::bigint)`),
          sql`, `,
        )})`,
      )
      .for('update');
    const stored = new Map(storedRows.map((r) => [keyOf(r.board, r.period, r.userId), r]));
    const rows = new Map<string, ScoreRow | undefined>();
    const writes: (typeof leaderboardScores.$inferInsert)[] = [];
    const expected = new Map<string, number>();
    for (const o of ok) {
      const key = keyOf(o.ref.board, o.ref.period, o.s.userId);
      const cur = stored.get(key);
      rows.set(key, cur);
      const next = combine(o.board, cur, { score: o.s.score, subscore: o.subscore });
      if (!next) continue;
      const version = cur ? cur.version + 1 : 1;
      expected.set(key, version);
      writes.push({
        board: o.ref.board,
        period: o.ref.period,
        userId: o.s.userId,
        score: next.score,
        subscore: next.subscore,
        ...orderKeys(o.board.sortOrder, next.score, next.subscore),
        submittedAt: now,
        meta: o.s.meta ?? null,
        version,
      });
    }
    if (writes.length > 0) {
      const written = await tx
        .insert(leaderboardScores)
        .values(writes)
        .onConflictDoUpdate({
          target: [leaderboardScores.board, leaderboardScores.period, leaderboardScores.userId],
          set: {
            score: sql`excluded.score`,
            subscore: sql`excluded.subscore`,
            k1: sql`excluded.k1`,
            k2: sql`excluded.k2`,
            submittedAt: sql`excluded.submitted_at`,
            meta: sql`excluded.meta`,
            version: sql`${leaderboardScores.version} + 1`,
          },
        })
        .returning();
      for (const r of written) {
        const key = keyOf(r.board, r.period, r.userId);
        // A row first inserted by another transaction after our read: its score was not combined.
        if (r.version !== expected.get(key)) throw new RaceInBatch('leaderboard batch: a concurrent first score');
        rows.set(key, r);
      }
      await store.put(written);
    }
    const excluded = await excludedIds(tx, now);
    for (const o of ok) {
      const row = rows.get(keyOf(o.ref.board, o.ref.period, o.s.userId));
      const { entry } = await store.around(tx, o.ref, o.s.userId, 0, now, excluded);
      outcomes[o.at] = {
        ok: true,
        value: {
          board: o.ref.board,
          period: o.ref.period,
          score: row?.score ?? o.s.score,
          subscore: row?.subscore ?? o.subscore,
          rank: entry?.rank ?? null,
        },
      };
    }
  });
  return outcomes;
}

/**
 * The game's submissions, grouped: the calls that arrive together share one transaction
 * (`submitMany`); one alone (or a batch that failed) runs as `submitScore` in a transaction of its own.
 */
export function submitQueue(
  db: Db,
  kind: GroupCommitEngine,
  store: BoardStore,
  boards: (db: Db) => BoardsById | Promise<BoardsById>,
  now: () => Date,
) {
  return new GroupCommit<Submission, SubmitAnswer>(db, {
    keyOf: (s) => s.userId,
    runBatch: async (base, items) => submitMany(base, store, await boards(base), items, now()),
    runOne: async (base, s) => {
      const board = (await boards(base)).get(s.board);
      if (!board) throw notFound('leaderboard.notFound');
      return base.transaction((tx) => submitScore(tx as unknown as Db, store, s, now(), board));
    },
    maxInFlight: GROUP_COMMIT_IN_FLIGHT[kind],
  });
}

/** The rank bands' rewards of a rank (the first band holding it). */
export function rewardsOf(board: Leaderboard, rank: number): Reward[] {
  return board.rewardBands.find((b) => b.fromRank <= rank && rank <= b.toRank)?.rewards ?? [];
}

/**
 * Notice period changes (the `leaderboard.tick` job, every minute): for a board whose period
 * moved, one transaction moves its recorded period (compare-and-set: one instance wins), writes
 * the reset's row (unique per board and period) and enqueues its job. Answers the resets made.
 */
export async function checkPeriods(
  db: Db,
  now: Date,
  enqueue: (tx: Db, payload: { board: string; period: string }) => Promise<unknown>,
): Promise<{ board: string; period: string }[]> {
  const made: { board: string; period: string }[] = [];
  for (const board of await allBoards(db)) {
    const period = periodOf(board, now);
    const [seen] = await db.select().from(leaderboardPeriods).where(eq(leaderboardPeriods.board, board.id));
    if (!seen) {
      await db.insert(leaderboardPeriods).values({ board: board.id, period, updatedAt: now }).onConflictDoNothing();
      continue;
    }
    if (seen.period === period) continue;
    const reset = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(leaderboardPeriods)
        .set({ period, updatedAt: now })
        .where(and(eq(leaderboardPeriods.board, board.id), eq(leaderboardPeriods.period, seen.period)))
        .returning();
      if (!moved) return null;
      const [row] = await tx
        .insert(leaderboardResets)
        .values({ board: board.id, period: seen.period, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await enqueue(tx, { board: board.id, period: seen.period });
      return { board: board.id, period: seen.period };
    });
    if (reset) made.push(reset);
  }
  return made;
}

/**
 * Archive an ended period's final standings into the hall of fame and mail each rewarded rank
 * its band's rewards, in one transaction that first locks the reset's row and marks it done: a
 * second run (a retry, another instance) finds it done and changes nothing. Answers how many
 * lines were archived and mailed (null when the reset was already done).
 */
export async function archivePeriod(db: Db, board: string, period: string, now: Date) {
  const [reset] = await db
    .select()
    .from(leaderboardResets)
    .where(
      and(eq(leaderboardResets.board, board), eq(leaderboardResets.period, period), isNull(leaderboardResets.doneAt)),
    )
    .for('update');
  if (!reset) return null;
  const [item] = await itemRows<Leaderboard>(db, leaderboardResource, { keys: [board] });
  let archived = 0;
  let mailed = 0;
  if (item) {
    const doc = item.document as Leaderboard;
    const depth = Math.max(FAME_DEPTH, ...doc.rewardBands.map((b) => b.toRank));
    const lines: Standing[] = await postgresStore().top(db, refOf(doc, now, period), depth, now);
    const title = leaderboardMessages['leaderboard.rewardMailTitle'];
    const content = leaderboardMessages['leaderboard.rewardMailContent'];
    for (const line of lines) {
      const rewards = line.mock ? [] : rewardsOf(doc, line.rank);
      if (line.rank <= FAME_DEPTH || rewards.length > 0) {
        await db.insert(hallOfFame).values({
          board,
          period,
          rank: line.rank,
          userId: line.userId,
          score: line.score,
          subscore: line.subscore,
          rewards,
          archivedAt: now,
        });
        archived += 1;
      }
      if (rewards.length === 0) continue;
      const fill = (text: string, name: string) =>
        text.replace('{board}', name).replace('{period}', period).replace('{rank}', String(line.rank));
      await createMail(
        db,
        {
          mailScope: 'personal',
          title: { 'zh-CN': title['zh-CN'], 'en-US': title['en-US'] },
          content: { 'zh-CN': fill(content['zh-CN'], doc.titleZh), 'en-US': fill(content['en-US'], doc.titleEn) },
          reward: rewards,
          conditions: [],
          expireAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
          userIdInput: String(line.userId),
        } as Parameters<typeof createMail>[1],
        null,
        'en-US',
        now,
      );
      mailed += 1;
    }
  }
  await db.update(leaderboardResets).set({ doneAt: now }).where(eq(leaderboardResets.id, reset.id));
  return { archived, mailed };
}
