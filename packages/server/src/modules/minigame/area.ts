import {
  auditTarget,
  type Leaderboard,
  leaderboardEndpoints,
  leaderboardGameEndpoints,
  leaderboardResource,
} from '@rookery/contracts';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineArea, type ModuleDeps } from '../../module.js';
import { ownTransactions, registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { defineJob } from '../../platform/jobs/define.js';
import { existingPlayerIds } from '../players/service.js';
import {
  archivePeriod,
  checkPeriods,
  compileBoards,
  loadBoard,
  refOf,
  type Submission,
  type SubmitAnswer,
  submitQueue,
} from './service.js';
import { type BoardStore, MOCK_BASE, orderKeys, postgresStore, redisStore } from './store.js';
import * as tables from './tables.js';
import { hallOfFame, leaderboardAttempts, leaderboardScores, minigameBlacklist } from './tables.js';
import { installDrainMetrics, type WriteBehind, writeBehind } from './writebehind.js';

const page = (p: { page: number; pageSize: number }, total: number) => ({
  page: p.page,
  pageSize: p.pageSize,
  total,
});

/** The leaderboard store of an app: Redis sorted sets when `REDIS_URL` is set, PostgreSQL otherwise. */
export const boardStoreOf = (redis: ModuleDeps['app']['redis']): BoardStore =>
  redis ? redisStore(redis) : postgresStore();

async function register({ app, database, kit, jobs, gameKeyHash, clock, metrics }: ModuleDeps) {
  kit.register(leaderboardResource);
  const store = boardStoreOf(app.redis);
  // The boards compiled once per change (any instance); submissions read them from memory.
  const boards = await kit.view([leaderboardResource], compileBoards);
  const submits = submitQueue(
    database.db,
    database.kind,
    store,
    (db) => boards.get(db),
    () => clock.now(),
  );
  // With Redis, submissions are write-behind (`writebehind.ts`): answered from Redis, drained to
  // PostgreSQL by every instance; without it, the group-commit queue above.
  const wb: WriteBehind | null = app.redis
    ? writeBehind({ redis: app.redis, db: database.db, now: () => clock.now(), warn: (m) => app.log.warn(m) })
    : null;
  if (wb) {
    app.addHook('onReady', async () => wb.start());
    // Registered after Redis's own hook: runs before Redis closes (Fastify runs them in reverse).
    app.addHook('onClose', async () => wb.stop());
    installDrainMetrics(metrics, wb);
  }
  /** Whatever Redis acknowledged is in PostgreSQL (before reading PostgreSQL's scores as the truth). */
  const flush = async () => {
    await wb?.flush();
  };
  const submit = async (s: Submission): Promise<SubmitAnswer> => {
    if (!wb) return submits.submit(s);
    const board = (await boards.get(database.db)).get(s.board);
    if (!board) throw notFound('leaderboard.notFound');
    return wb.submit(board, s, clock.now());
  };

  const resetJob = defineJob({
    name: 'leaderboard.reset',
    payload: z.object({ board: z.string(), period: z.string() }),
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    concurrency: 1,
    leaseSeconds: 10 * 60,
    handler: async ({ db, clock: jobClock, transaction, payload }) => {
      // Every submission Redis acknowledged is archived: the log is drained first (or the job retries).
      await flush();
      const done = await transaction((tx) => archivePeriod(tx, payload.board, payload.period, jobClock.now()));
      // The ended period's mirror is no longer read (best effort: a missing Redis leaves keys behind).
      void db;
      try {
        await store.clear({ board: payload.board, period: payload.period, sortOrder: 'desc' });
      } catch {
        /* kept: PostgreSQL holds the period's scores */
      }
      return done;
    },
  });
  const tickJob = defineJob({
    name: 'leaderboard.tick',
    payload: z.object({}),
    schedule: { everySeconds: 60 },
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    concurrency: 1,
    leaseSeconds: 5 * 60,
    handler: async ({ db, clock: jobClock }) => ({
      resets: await checkPeriods(db, jobClock.now(), (tx, payload) =>
        jobs.enqueue(tx, resetJob, payload, { actorId: null, actor: null, action: 'schedule', target: payload.board }),
      ),
    }),
  });
  jobs.register(resetJob);
  jobs.register(tickJob);
  app.decorate('leaderboards', {
    store,
    submits,
    submit,
    writeBehind: wb,
    flush,
    checkPeriods: (now: Date) =>
      checkPeriods(database.db, now, (tx, payload) =>
        jobs.enqueue(tx, resetJob, payload, { actorId: null, actor: null, action: 'schedule', target: payload.board }),
      ),
  });

  const registry = { db: database.db, gameKeyHash };
  registerEndpoints(app, registry, leaderboardGameEndpoints, {
    gameSubmitScore: ownTransactions(async ({ db, params, body }) => {
      if (!(await existingPlayerIds(db, [params.userId])).has(params.userId)) throw notFound('player.notFound');
      return submit({ userId: params.userId, ...body });
    }),
    gameTopScores: async ({ db, params, query, now }) => {
      const ref = refOf(await loadBoard(db, params.board), now);
      return { board: ref.board, period: ref.period, entries: await store.top(db, ref, query.limit, now) };
    },
    gamePlayerRank: async ({ db, params, query, now }) => {
      const ref = refOf(await loadBoard(db, params.board), now);
      return {
        board: ref.board,
        period: ref.period,
        ...(await store.around(db, ref, params.userId, query.around, now)),
      };
    },
  });

  registerEndpoints(app, registry, leaderboardEndpoints, {
    leaderboardStandings: async ({ db, params, query, now }) => {
      const ref = refOf(await loadBoard(db, params.board), now);
      const entries = await store.top(db, ref, query.limit, now);
      const mine = query.userId ? await store.around(db, ref, query.userId, 5, now) : { entry: null, around: [] };
      return {
        board: ref.board,
        period: ref.period,
        store: store.kind,
        entries,
        player: mine.entry,
        around: mine.around,
      };
    },
    leaderboardAttempts: async ({ db, params, query }) => {
      await loadBoard(db, params.board);
      await flush();
      const where = and(
        eq(leaderboardAttempts.board, params.board),
        query.userId ? eq(leaderboardAttempts.userId, query.userId) : undefined,
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(leaderboardAttempts).where(where);
      const rows = await db
        .select()
        .from(leaderboardAttempts)
        .where(where)
        .orderBy(desc(leaderboardAttempts.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        list: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
        pagination: page(query, total),
      };
    },
    removeLeaderboardScore: async ({ db, params, body, now, audit }) => {
      const ref = refOf(await loadBoard(db, params.board), now);
      await flush();
      const [gone] = await db
        .delete(leaderboardScores)
        .where(
          and(
            eq(leaderboardScores.board, ref.board),
            eq(leaderboardScores.period, ref.period),
            eq(leaderboardScores.userId, body.userId),
          ),
        )
        .returning();
      await store.drop(ref, [body.userId]);
      audit({
        target: auditTarget('leaderboard', ref.board),
        before: gone ? { userId: gone.userId, period: ref.period, score: gone.score, subscore: gone.subscore } : null,
        after: { userId: body.userId, reason: body.reason, removed: Boolean(gone) },
      });
      return { removed: Boolean(gone) };
    },
    rebuildLeaderboard: async ({ db, params, now, audit, writeAuditNow }) => {
      const ref = refOf(await loadBoard(db, params.board), now);
      audit({ target: auditTarget('leaderboard', ref.board), after: { period: ref.period, store: store.kind } });
      await writeAuditNow();
      // Rebuilt from PostgreSQL: what Redis acknowledged goes there first.
      await flush();
      return { store: store.kind, count: await store.rebuild(db, ref) };
    },
    fillLeaderboardMock: async ({ db, params, body, now, audit }) => {
      const board: Leaderboard = await loadBoard(db, params.board);
      if (!board.testBoard) throw badRequest('leaderboard.notTestBoard');
      if (body.minScore > body.maxScore) throw badRequest('leaderboard.mockRange', 'minScore');
      if (!board.allowNegative && body.minScore < 0) throw badRequest('leaderboard.negative', 'minScore');
      const ref = refOf(board, now);
      const [{ top } = { top: null }] = await db
        .select({ top: sql<number | null>`max(${leaderboardScores.userId})` })
        .from(leaderboardScores)
        .where(
          and(
            eq(leaderboardScores.board, ref.board),
            eq(leaderboardScores.period, ref.period),
            gte(leaderboardScores.userId, MOCK_BASE),
          ),
        );
      const first = Number(top ?? MOCK_BASE) + 1;
      const span = body.maxScore - body.minScore + 1;
      const values = Array.from({ length: body.players }, (_, i) => {
        const score = body.minScore + Math.floor(Math.random() * span);
        const subscore = Math.floor(Math.random() * 1000);
        return {
          board: ref.board,
          period: ref.period,
          userId: first + i,
          score,
          subscore,
          ...orderKeys(board.sortOrder, score, subscore),
          submittedAt: new Date(now.getTime() - Math.floor(Math.random() * 3_600_000)),
          mock: true,
        };
      });
      const rows = [];
      for (let i = 0; i < values.length; i += 1000)
        rows.push(
          ...(await db
            .insert(leaderboardScores)
            .values(values.slice(i, i + 1000))
            .returning()),
        );
      await store.put(rows);
      audit({ target: auditTarget('leaderboard', ref.board), after: { period: ref.period, mockPlayers: rows.length } });
      return { added: rows.length };
    },
    clearLeaderboardMock: async ({ db, params, now, audit }) => {
      const ref = refOf(await loadBoard(db, params.board), now);
      const gone = await db
        .delete(leaderboardScores)
        .where(
          and(
            eq(leaderboardScores.board, ref.board),
            eq(leaderboardScores.period, ref.period),
            eq(leaderboardScores.mock, true),
          ),
        )
        .returning({ userId: leaderboardScores.userId });
      await store.drop(
        ref,
        gone.map((g) => g.userId),
      );
      audit({
        target: auditTarget('leaderboard', ref.board),
        before: { mockPlayers: gone.length },
        after: { mockPlayers: 0 },
      });
      return { removed: gone.length };
    },
    listHallOfFame: async ({ db, query }) => {
      const where = query.board ? eq(hallOfFame.board, query.board) : undefined;
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(hallOfFame).where(where);
      const rows = await db
        .select()
        .from(hallOfFame)
        .where(where)
        .orderBy(desc(hallOfFame.archivedAt), hallOfFame.board, hallOfFame.rank)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        list: rows.map((r) => ({ ...r, archivedAt: r.archivedAt.toISOString() })),
        pagination: page(query, total),
      };
    },
    listMinigameBlacklist: async ({ db, query, now }) => {
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(minigameBlacklist);
      const rows = await db
        .select()
        .from(minigameBlacklist)
        .orderBy(desc(minigameBlacklist.createdAt), minigameBlacklist.userId)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        list: rows.map((r) => ({
          userId: r.userId,
          reason: r.reason,
          endsAt: r.endsAt.toISOString(),
          createdBy: r.createdBy,
          createdAt: r.createdAt.toISOString(),
          active: r.endsAt > now,
        })),
        pagination: page(query, total),
      };
    },
    addMinigameBlacklist: async ({ db, body, now, session, audit }) => {
      const endsAt = new Date(body.endsAt);
      if (endsAt <= now) throw badRequest('leaderboard.endsInPast', 'endsAt');
      if (!(await existingPlayerIds(db, [body.userId])).has(body.userId)) throw notFound('player.notFound');
      const [before] = await db.select().from(minigameBlacklist).where(eq(minigameBlacklist.userId, body.userId));
      const values = { reason: body.reason, endsAt, createdBy: session?.username ?? null, createdAt: now };
      const [row] = await db
        .insert(minigameBlacklist)
        .values({ userId: body.userId, ...values })
        .onConflictDoUpdate({ target: minigameBlacklist.userId, set: values })
        .returning();
      if (!row) throw new AppError(409, 'http.conflict');
      wb?.forgetExcluded();
      audit({
        target: auditTarget('player', body.userId),
        before: before ? { reason: before.reason, endsAt: before.endsAt.toISOString() } : null,
        after: { reason: row.reason, endsAt: row.endsAt.toISOString() },
      });
      return {
        userId: row.userId,
        reason: row.reason,
        endsAt: row.endsAt.toISOString(),
        createdBy: row.createdBy,
        createdAt: row.createdAt.toISOString(),
        active: true,
      };
    },
    removeMinigameBlacklist: async ({ db, body, audit }) => {
      const [gone] = await db.delete(minigameBlacklist).where(eq(minigameBlacklist.userId, body.userId)).returning();
      wb?.forgetExcluded();
      audit({
        target: auditTarget('player', body.userId),
        before: gone ? { reason: gone.reason, endsAt: gone.endsAt.toISOString() } : null,
        after: null,
      });
      return { removed: Boolean(gone) };
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The leaderboards' store and the reset check (tests and benchmarks call it). */
    leaderboards: {
      store: BoardStore;
      /** The game's submissions on PostgreSQL (no Redis), grouped (group commit). */
      submits: ReturnType<typeof submitQueue>;
      /** A game submission: write-behind with Redis, the group commit without. */
      submit(s: Submission): Promise<SubmitAnswer>;
      /** The write-behind path (drainer, flush, recovery), when Redis is configured. */
      writeBehind: WriteBehind | null;
      /** Resolves once everything Redis acknowledged is in PostgreSQL (at once without Redis). */
      flush(): Promise<void>;
      checkPeriods(now: Date): Promise<{ board: string; period: string }[]>;
    };
  }
}

/** Mini-game leaderboards (issue 45 items 3-5): boards, scores, hall of fame, blacklist. */
export const minigameArea = defineArea({ name: 'minigame', needs: ['players', 'mail'], tables, register });
