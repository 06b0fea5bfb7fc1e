import { randomInt } from 'node:crypto';
import {
  type ChestKind,
  type ChestTable,
  type ChestView,
  chestGrant,
  chestKinds,
  chestOdds,
  drawChest,
  MAX_AMOUNT,
  pityDueAt,
  type RandomBelow,
  type Reward,
  totalWeight,
  weightedEntry,
  weightedResets,
} from '@rookery/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  GROUP_COMMIT_IN_FLIGHT,
  GroupCommit,
  type GroupCommitEngine,
  type Outcome,
} from '../../platform/db/group-commit.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { applyRewards } from '../players/service.js';
import { chestPity, chestTables } from './tables.js';

/** The server's random source for opens: node:crypto's CSPRNG. */
export const cryptoRandomBelow: RandomBelow = (max) => randomInt(max);

type TableRow = typeof chestTables.$inferSelect;

export async function tableRows(db: Db): Promise<Map<string, TableRow>> {
  const rows = await db.select().from(chestTables);
  return new Map(rows.map((r) => [r.kind, r]));
}

export async function tableOf(db: Db, kind: ChestKind): Promise<ChestTable | undefined> {
  const [row] = await db.select({ drops: chestTables.drops }).from(chestTables).where(eq(chestTables.kind, kind));
  return row?.drops;
}

export function chestViewOf(kind: ChestKind, row: TableRow | undefined): ChestView {
  return {
    kind,
    table: row?.drops ?? null,
    odds: row ? chestOdds(row.drops) : [],
    totalWeight: row ? totalWeight(row.drops) : 0,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

export async function saveTable(db: Db, kind: ChestKind, drops: ChestTable, username: string, now: Date) {
  const [before] = await db.select().from(chestTables).where(eq(chestTables.kind, kind));
  const [after] = await db
    .insert(chestTables)
    .values({ kind, drops, updatedAt: now, updatedBy: username })
    .onConflictDoUpdate({ target: chestTables.kind, set: { drops, updatedAt: now, updatedBy: username } })
    .returning();
  return { before: before ? chestViewOf(kind, before) : null, after: chestViewOf(kind, after) };
}

const heldOf = (state: unknown, kind: string) => {
  const doc = typeof state === 'string' ? JSON.parse(state) : state;
  return Number((doc as { resources?: Record<string, number> } | null)?.resources?.[kind] ?? 0);
};

/** The player's chests held and pity counters per kind; undefined for no such player. */
export async function playerChests(db: Db, userId: number, lock = false) {
  const found = (await db.execute(
    lock
      ? sql`select state from players where id = ${userId} for update`
      : sql`select state from players where id = ${userId}`,
  )) as unknown as { rows: { state: unknown }[] };
  const player = found.rows[0];
  if (!player) return undefined;
  const counters = await db
    .select({ kind: chestPity.kind, counter: chestPity.counter })
    .from(chestPity)
    .where(eq(chestPity.userId, userId));
  const counterOf = new Map(counters.map((c) => [c.kind, c.counter]));
  return chestKinds.map((kind) => ({
    kind,
    held: heldOf(player.state, kind),
    counter: counterOf.get(kind) ?? 0,
  }));
}

/** The game's view: every kind's disclosed odds, pity and the player's counter and chests held. */
export async function gameChests(db: Db, userId: number) {
  const mine = await playerChests(db, userId);
  if (!mine) throw notFound('player.notFound');
  const tables = await tableRows(db);
  return {
    chests: mine.map(({ kind, held, counter }) => {
      const table = tables.get(kind)?.drops;
      const pity =
        table && table.pityEntry !== null && table.pityWithin !== null
          ? {
              reward: table.entries[table.pityEntry].reward,
              within: table.pityWithin,
              counter,
              left: Math.max(1, table.pityWithin - counter),
            }
          : null;
      return {
        kind,
        held,
        openable: table !== undefined,
        odds: table ? chestOdds(table) : [],
        totalWeight: table ? totalWeight(table) : 0,
        guaranteed: table?.guaranteed ?? [],
        pity,
      };
    }),
  };
}

/** What an open reads of its player, locked: the chests held, the drop table, the pity counter. */
interface OpenRow {
  held: unknown;
  drops: ChestTable | string | null;
  counter: number | null;
}

/**
 * An open decided from what was read: the draw, the rewards (the chest as a negative reward) and
 * the pity counter to keep; or the refusal the caller gets.
 */
function decideOpen(row: OpenRow | undefined, kind: ChestKind, randomBelow: RandomBelow) {
  if (!row) throw notFound('player.notFound');
  const table = typeof row.drops === 'string' ? (JSON.parse(row.drops) as ChestTable) : row.drops;
  if (!table) throw new AppError(409, 'chest.notConfigured');
  const held = Number(row.held ?? 0);
  if (held < 1) throw new AppError(409, 'chest.noneHeld');
  const hadCounter = row.counter !== null;
  const draw = drawChest(table, hadCounter ? Number(row.counter) : 0, randomBelow);
  const granted = chestGrant(table, draw.entry);
  const rewards: Reward[] = [{ kind, amount: -1 }, ...granted];
  const gained = granted.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.amount, 0);
  return {
    rewards,
    counter: draw.counter,
    keepCounter: table.pityEntry !== null || hadCounter,
    /** The answer once granted; `heldNow` is the chests held as the grant found them. */
    answer: (saveCount: number, heldNow = held) => ({
      kind,
      entry: draw.entry,
      reward: table.entries[draw.entry].reward,
      guaranteed: table.guaranteed,
      pity: draw.pity,
      counter: draw.counter,
      held: heldNow - 1 + gained,
      saveCount,
    }),
  };
}

export type OpenAnswer = ReturnType<ReturnType<typeof decideOpen>['answer']>;

/**
 * One open, in the caller's transaction: the player's row locked first (two opens of the last
 * chest: the second waits, then finds none), the chest consumed and the draw granted by one
 * `applyRewards` (state, event log and ledger together: the chest as a negative reward), the
 * pity counter kept.
 */
export async function openChest(
  db: Db,
  userId: number,
  kind: ChestKind,
  now: Date,
  randomBelow = cryptoRandomBelow,
): Promise<OpenAnswer> {
  // One statement: the player's row locked, the chests held, the table and the pity counter.
  const found = (await db.execute(
    sql`select p.state->'resources'->${kind} as held,
          (select drops from chest_tables where kind = ${kind}) as drops,
          (select counter from chest_pity where user_id = p.id and kind = ${kind}) as counter
        from players p where p.id = ${userId} for update of p`,
  )) as unknown as { rows: OpenRow[] };
  const open = decideOpen(found.rows[0], kind, randomBelow);
  const { saveCount } = await applyRewards(db, userId, open.rewards, { type: 'chest', id: kind }, now);
  const answer = open.answer(saveCount);
  if (open.keepCounter)
    await db
      .insert(chestPity)
      .values({ userId, kind, counter: open.counter })
      .onConflictDoUpdate({ target: [chestPity.userId, chestPity.kind], set: { counter: open.counter } });
  return answer;
}

export interface OpenRequest {
  userId: number;
  kind: ChestKind;
}

/**
 * The drop tables as the batched opens draw from them: each kind's table and its version (its
 * time and row version, as `chest_open_apply` checks it: two saves in one instant still differ).
 */
type DrawTables = Map<string, { table: ChestTable; version: string }>;

async function drawTables(db: Db): Promise<DrawTables> {
  const found = (await db.execute(
    sql`select kind, drops, updated_at::text || '/' || xmin::text as version from chest_tables`,
  )) as unknown as { rows: { kind: string; drops: ChestTable | string; version: string }[] };
  return new Map(
    found.rows.map((r) => [
      r.kind,
      { table: typeof r.drops === 'string' ? (JSON.parse(r.drops) as ChestTable) : r.drops, version: r.version },
    ]),
  );
}

/**
 * Opens of distinct players in one statement, with no read before it. Each open is drawn from the
 * drop table as last read (`tables`, kept by the queue): an entry by weight with node:crypto, and
 * the pity entry's rewards beside it. `chest_open_apply` (migration 0042) locks the players' rows,
 * reads each counter and decides as `drawChest` does (pity when due, else the weighted entry), and
 * for each player holding a chest whose table is still that version consumes it, grants and keeps
 * the counter. An open it leaves out (no such player, no chest held, a table republished or
 * missing) runs again alone, as `openChest` in its own transaction, which decides it exactly as it
 * would be alone and says why; the tables are read again before the next batch.
 */
export async function openChests(
  db: Db,
  requests: readonly OpenRequest[],
  now: Date,
  tables: DrawTables,
  randomBelow = cryptoRandomBelow,
): Promise<{ outcomes: Outcome<OpenAnswer>[]; leftOut: number }> {
  const planned = requests.flatMap((request) => {
    const drawn = tables.get(request.kind);
    if (!drawn) return [];
    const { table, version } = drawn;
    const weighted = weightedEntry(table, randomBelow);
    const due = pityDueAt(table);
    return [
      {
        request,
        table,
        weighted,
        plan: {
          u: request.userId,
          k: request.kind,
          v: version,
          due,
          pc: table.pityEntry !== null,
          wr: [{ kind: request.kind, amount: -1 }, ...chestGrant(table, weighted)],
          wreset: weightedResets(table, weighted),
          pr:
            due === null ? null : [{ kind: request.kind, amount: -1 }, ...chestGrant(table, table.pityEntry as number)],
          d: { source: { type: 'chest', id: request.kind } },
        },
      },
    ];
  });
  const answers = new Map<OpenRequest, OpenAnswer>();
  if (planned.length > 0) {
    const applied = (await db.execute(
      sql`select user_id, held, save_count, pity, counter
          from chest_open_apply(${JSON.stringify(planned.map((p) => p.plan))}::jsonb, ${now}::timestamptz, ${MAX_AMOUNT}::numeric)`,
    )) as unknown as {
      rows: { user_id: number | string; held: number | string; save_count: number; pity: boolean; counter: number }[];
    };
    const done = new Map(applied.rows.map((row) => [Number(row.user_id), row]));
    for (const { request, table, weighted } of planned) {
      const row = done.get(request.userId);
      if (!row) continue;
      const entry = row.pity ? (table.pityEntry as number) : weighted;
      const granted = chestGrant(table, entry);
      const gained = granted.filter((r) => r.kind === request.kind).reduce((sum, r) => sum + r.amount, 0);
      answers.set(request, {
        kind: request.kind,
        entry,
        reward: table.entries[entry].reward,
        guaranteed: table.guaranteed,
        pity: row.pity,
        counter: Number(row.counter),
        held: Number(row.held) - 1 + gained,
        saveCount: Number(row.save_count),
      });
    }
  }
  const outcomes: Outcome<OpenAnswer>[] = [];
  let leftOut = 0;
  for (const request of requests) {
    const answer = answers.get(request);
    if (answer) {
      outcomes.push({ ok: true, value: answer });
      continue;
    }
    // Not granted in the batch: decided again alone, which says why.
    leftOut += 1;
    outcomes.push(
      await db
        .transaction((tx) => openChest(tx as unknown as Db, request.userId, request.kind, now, randomBelow))
        .then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
    );
  }
  return { outcomes, leftOut };
}

/**
 * The game's opens, grouped: the calls that arrive together share one statement (`openChests`).
 * The drop tables are read once and again after any batch that left an open out (a republished
 * table is noticed by the first batch that meets it).
 */
export function chestOpenQueue(db: Db, kind: GroupCommitEngine, now: () => Date) {
  let tables: Promise<DrawTables> | undefined;
  return new GroupCommit<OpenRequest, OpenAnswer>(db, {
    keyOf: (r) => r.userId,
    runBatch: async (base, requests) => {
      if (!tables) tables = drawTables(base);
      const current = tables;
      let result: Awaited<ReturnType<typeof openChests>>;
      try {
        result = await openChests(base, requests, now(), await current);
      } catch (error) {
        tables = undefined;
        throw error;
      }
      if (result.leftOut > 0 && tables === current) tables = undefined;
      return result.outcomes;
    },
    runOne: (base, r) => base.transaction((tx) => openChest(tx as unknown as Db, r.userId, r.kind, now())),
    maxInFlight: GROUP_COMMIT_IN_FLIGHT[kind],
  });
}

/** Reset a player's pity counters (every kind, or one): how many counters were not already 0. */
export async function resetPity(db: Db, userId: number, kind: ChestKind | undefined) {
  const before = await playerChests(db, userId, true);
  if (!before) throw notFound('player.notFound');
  const reset = before.filter((c) => (kind === undefined || c.kind === kind) && c.counter > 0).length;
  await db
    .delete(chestPity)
    .where(
      kind === undefined ? eq(chestPity.userId, userId) : and(eq(chestPity.userId, userId), eq(chestPity.kind, kind)),
    );
  const after = before.map((c) => (kind === undefined || c.kind === kind ? { ...c, counter: 0 } : c));
  return { before, after, reset };
}
