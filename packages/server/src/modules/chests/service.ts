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
  type RandomBelow,
  type Reward,
  totalWeight,
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
 * Opens of distinct players, two statements for all of them and no transaction around them.
 * The first reads what each open depends on (the chests held, the drop table's version, the
 * pity counter); the draws are made; the second, one call of `chest_open_apply` (migration 0036),
 * locks the players' rows, checks that what the draws depended on still holds, and for those
 * opens consumes the chest and grants the draw (`apply_rewards`) and keeps the counters. An open whose player changed in between (the
 * same player's open on another instance, a table republished) runs again alone, as `openChest`
 * in its own transaction, so each open is decided exactly as it would be alone.
 */
export async function openChests(
  db: Db,
  requests: readonly OpenRequest[],
  now: Date,
  randomBelow = cryptoRandomBelow,
): Promise<Outcome<OpenAnswer>[]> {
  const asked = JSON.stringify(requests.map((r) => ({ u: r.userId, k: r.kind })));
  const found = (await db.execute(
    sql`select user_id, held, drops, version, counter from chest_open_read(${asked}::jsonb)`,
  )) as unknown as { rows: (OpenRow & { user_id: number | string; version: string | null })[] };
  const rowOf = new Map(found.rows.map((r) => [Number(r.user_id), r]));
  const decided = requests.map((request) => {
    try {
      return { request, open: decideOpen(rowOf.get(request.userId), request.kind, randomBelow) };
    } catch (error) {
      return { request, error };
    }
  });
  const opens = decided.flatMap((d) => (d.open ? [{ request: d.request, open: d.open }] : []));
  const answers = new Map<OpenRequest, OpenAnswer>();
  if (opens.length > 0) {
    const planned = JSON.stringify(
      opens.map(({ request, open }) => {
        const read = rowOf.get(request.userId);
        return {
          u: request.userId,
          k: request.kind,
          v: read?.version ?? null,
          prev: read?.counter ?? null,
          c: open.counter,
          keep: open.keepCounter,
          r: open.rewards,
          d: { source: { type: 'chest', id: request.kind } },
        };
      }),
    );
    const applied = (await db.execute(
      sql`select user_id, held, save_count from chest_open_apply(${planned}::jsonb, ${now}::timestamptz, ${MAX_AMOUNT}::numeric)`,
    )) as unknown as { rows: { user_id: number | string; held: number | string; save_count: number | null }[] };
    const done = new Map(applied.rows.map((row) => [Number(row.user_id), row]));
    for (const { request, open } of opens) {
      const row = done.get(request.userId);
      if (row) answers.set(request, open.answer(Number(row.save_count), Number(row.held)));
    }
  }
  const outcomes: Outcome<OpenAnswer>[] = [];
  for (const d of decided) {
    const answer = answers.get(d.request);
    if (answer) outcomes.push({ ok: true, value: answer });
    else if (!d.open) outcomes.push({ ok: false, error: d.error });
    // What the draw depended on changed after it was read: decided again, alone.
    else
      outcomes.push(
        await db
          .transaction((tx) => openChest(tx as unknown as Db, d.request.userId, d.request.kind, now, randomBelow))
          .then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
      );
  }
  return outcomes;
}

/** The game's opens, grouped: the calls that arrive together share a transaction (`openChests`). */
export function chestOpenQueue(db: Db, kind: GroupCommitEngine, now: () => Date) {
  return new GroupCommit<OpenRequest, OpenAnswer>(db, {
    keyOf: (r) => r.userId,
    runBatch: (base, requests) => openChests(base, requests, now()),
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
