import {
  DAY_MS,
  type GameItem,
  gameItemResource,
  gameLabel,
  type Locale,
  MAX_AMOUNT,
  type PlayerAttributes,
  type PlayerState,
  type Reward,
} from '@rookery/contracts';
import { and, type Column, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { itemDocuments } from '../../platform/resources/items.js';
import { playerDevices, playerEvents, playerSnapshots, players } from './tables.js';

/**
 * What other modules (mail, gift codes, economy, config) call about players. Every function
 * takes the caller's `db`, which inside a mutation is the caller's transaction, so a claim or a
 * delivery and its effect on the player commit together.
 */

export type PlayerRow = typeof players.$inferSelect;

/** Snapshots kept per player: older ones are deleted when a new one is written. */
export const SNAPSHOTS_KEPT = 50;

export async function findPlayer(db: Db, userId: number): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.id, userId));
  return row;
}

/**
 * The player and one more value the caller computes in the same statement (a correlated
 * subquery over the caller's own tables): one round trip where a hot read needs the player and
 * something of its own, without the caller reading the players' table.
 */
export async function findPlayerWith<T>(
  db: Db,
  userId: number,
  extra: SQL<T>,
): Promise<{ player: PlayerRow; extra: T } | undefined> {
  const [found] = await db.select({ player: players, extra }).from(players).where(eq(players.id, userId));
  return found as { player: PlayerRow; extra: T } | undefined;
}

/** Which of `ids` are players. */
export async function existingPlayerIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await db.select({ id: players.id }).from(players).where(inArray(players.id, chunk));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** "The player `userId` exists", as a condition of another statement (an insert that names the player). */
export const playerExists = (userId: number): SQL<boolean> =>
  sql`exists (select 1 from ${players} where ${players.id} = ${userId})`;

/** The player a console search names by user ID, social ID or device ID (its current binding); 404 when none. */
export async function playerIdByKey(
  db: Db,
  key: { userId?: number; socialId?: string; deviceId?: string },
): Promise<number> {
  let id: number | undefined;
  if (key.userId) {
    [{ id } = { id: undefined }] = await db.select({ id: players.id }).from(players).where(eq(players.id, key.userId));
  } else if (key.socialId) {
    [{ id } = { id: undefined }] = await db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.socialId, key.socialId));
  } else if (key.deviceId) {
    [{ id } = { id: undefined }] = await db
      .select({ id: playerDevices.userId })
      .from(playerDevices)
      .where(eq(playerDevices.deviceId, key.deviceId));
  }
  if (id === undefined) throw notFound('player.notFound');
  return id;
}

/** The player, or 404 `player.notFound`. */
export async function getPlayer(db: Db, userId: number): Promise<PlayerRow> {
  const row = await findPlayer(db, userId);
  if (!row) throw notFound('player.notFound');
  return row;
}

/**
 * The player row locked until the caller's transaction ends (`SELECT … FOR UPDATE`): two writers
 * on one player queue here instead of overwriting each other. 404 `player.notFound` when absent.
 */
export async function getPlayerForUpdate(db: Db, userId: number): Promise<PlayerRow> {
  const [row] = await db.select().from(players).where(eq(players.id, userId)).for('update');
  if (!row) throw notFound('player.notFound');
  return row;
}

/**
 * Append to the player's event log. `type` names the event (`login`, `save`, `rewards`,
 * `mailClaim`, `purchase`, `giftCode`, or a console action such as `freezePlayers`); `actor` is
 * the staff user for console actions and null for the game's own events.
 */
export async function recordPlayerEvent(
  db: Db,
  userId: number,
  type: string,
  data: unknown,
  /** The service clock's time. */
  at: Date,
  actor: string | null = null,
): Promise<void> {
  await db.insert(playerEvents).values({ userId, type, data: data ?? null, actor, at });
}

/** Keep the player's current state as a snapshot and drop snapshots beyond the last SNAPSHOTS_KEPT. */
export async function keepSnapshot(
  db: Db,
  row: PlayerRow,
  cause: string,
  at: Date,
  actor: string | null = null,
): Promise<void> {
  await db
    .insert(playerSnapshots)
    .values({ userId: row.id, saveCount: row.saveCount, state: row.state, cause, actor, createdAt: at });
  const cutoff = db
    .select({ id: playerSnapshots.id })
    .from(playerSnapshots)
    .where(eq(playerSnapshots.userId, row.id))
    .orderBy(sql`${playerSnapshots.id} desc`)
    .limit(1)
    .offset(SNAPSHOTS_KEPT - 1);
  await db.delete(playerSnapshots).where(and(eq(playerSnapshots.userId, row.id), lt(playerSnapshots.id, cutoff)));
}

/** The columns to write with a new state: habitat count follows the document (conditions target it). */
export const stateColumns = (state: PlayerState, saveCount: number) => ({
  state,
  saveCount,
  habitatCount: state.habitatCount,
});

export interface RewardSource {
  /** `mail`, `giftCode`, `purchase`, … */
  type: string;
  id?: string | number;
}

/**
 * Add rewards to the player's resources (each capped at MAX_AMOUNT), inside the caller's
 * transaction, and log a `rewards` event. The save count goes up by one: the game's copy of the
 * state is now stale, so its next save with the old count gets 409 and it reloads, instead of
 * overwriting the reward. Does not check the blacklist: a purchase is delivered regardless;
 * callers that grant free rewards ask `isBlacklisted` first.
 */
export async function applyRewards(
  db: Db,
  userId: number,
  rewards: readonly Reward[],
  source: RewardSource,
  now: Date,
): Promise<{ saveCount: number }> {
  // One statement (`apply_rewards`, migration 0021), the one a gift-code redemption runs too
  // (which logs its own `giftCode` event in place of this `rewards` one).
  const result = (await db.execute(
    sql`select apply_rewards(${userId}::bigint, ${JSON.stringify(rewards)}::jsonb, 'rewards',
      ${JSON.stringify({ source })}::jsonb, ${now}::timestamptz, ${MAX_AMOUNT}::numeric) as save_count`,
  )) as unknown as { rows: { save_count: number | null }[] };
  const saveCount = result.rows[0].save_count;
  if (saveCount === null) throw notFound('player.notFound');
  return { saveCount: Number(saveCount) };
}

/**
 * What a delivery checks of a player (frozen? a payer already?), the row locked until the
 * caller's transaction ends; undefined for no such player. Reads no game state.
 */
export async function lockPlayerStanding(db: Db, userId: number) {
  const [row] = await db
    .select({
      status: players.status,
      frozenReason: players.frozenReason,
      frozenUntil: players.frozenUntil,
      isPayer: players.isPayer,
    })
    .from(players)
    .where(eq(players.id, userId))
    .for('update');
  return row;
}

/** Mark the player as a payer (`userType: payment` for conditions); the economy calls it on a first delivery. */
export async function markPayer(db: Db, userId: number): Promise<void> {
  await db
    .update(players)
    .set({ isPayer: true })
    .where(and(eq(players.id, userId), eq(players.isPayer, false)));
}

/** The columns conditions target: one primary-key read of these is all a game-facing evaluation needs. */
export const attributeColumns = {
  os: players.os,
  appVersion: players.appVersion,
  language: players.language,
  country: players.country,
  lastLoginAt: players.lastLoginAt,
  isPayer: players.isPayer,
  habitatCount: players.habitatCount,
};
type AttributeRow = Pick<PlayerRow, keyof typeof attributeColumns>;

/** `payment` once the player has paid, else `normal` (the `userType` conditions and lists show). */
export const userTypeOf = (row: Pick<PlayerRow, 'isPayer'>) => (row.isPayer ? 'payment' : 'normal');

/**
 * The attributes every game-facing evaluation targets (remote config, the door's upgrade levels,
 * mail conditions, audiences): the one mapping from a player to them. A missing value stays
 * undefined (a rule on it is false); `notLoginDays` follows from the last login and `now` (the
 * service clock).
 */
export function playerAttributes(row: AttributeRow, now: Date): PlayerAttributes {
  return {
    os: row.os ?? undefined,
    appVersion: row.appVersion ?? undefined,
    appLanguage: row.language ?? undefined,
    country: row.country ?? undefined,
    lastLogin: row.lastLoginAt?.toISOString(),
    notLoginDays: row.lastLoginAt
      ? Math.max(0, Math.floor((now.getTime() - row.lastLoginAt.getTime()) / DAY_MS))
      : undefined,
    userType: userTypeOf(row),
    habitatCount: row.habitatCount,
  };
}

/** The player's attributes (`playerAttributes`) from a read of those columns only, or undefined for no such player. */
export async function readPlayerAttributes(db: Db, userId: number, now: Date): Promise<PlayerAttributes | undefined> {
  const [row] = await db.select(attributeColumns).from(players).where(eq(players.id, userId));
  return row ? playerAttributes(row, now) : undefined;
}

/**
 * A player's read for an area's per-player game answer, in one read by primary key: the
 * attributes (`playerAttributes`), their level (the achievement level of their game state) and
 * `extra`, a value the caller computes in the same statement from the player's ID column (the
 * store's purchase counts of this player). The statement is built and prepared once (the game's store
 * fetch runs it per call): the returned function runs it for a player.
 */
export function preparePlayerRead<T>(db: Db, name: string, extra: (userId: typeof players.id) => SQL<T>) {
  const query = db
    .select({
      ...attributeColumns,
      level: sql<number>`(${players.state}->>'achievementLevel')::float8`,
      extra: extra(players.id),
    })
    .from(players)
    .where(eq(players.id, sql.placeholder('userId')))
    .prepare(name);
  return async (
    userId: number,
    now: Date,
  ): Promise<{ attrs: PlayerAttributes; level: number; extra: T } | undefined> => {
    const [row] = await query.execute({ userId });
    return row ? { attrs: playerAttributes(row, now), level: row.level ?? 0, extra: row.extra as T } : undefined;
  };
}

/** Blacklisted players are excluded from free rewards and leaderboards. Unknown players count as not listed. */
export async function isBlacklisted(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ blacklisted: players.blacklisted }).from(players).where(eq(players.id, userId));
  return row?.blacklisted ?? false;
}

/** The IDs of every blacklisted player (the partial index `players_blacklisted_idx`): leaderboards leave them out. */
export async function blacklistedPlayerIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: players.id }).from(players).where(eq(players.blacklisted, true));
  return rows.map((r) => r.id);
}

/** A condition: the player `userId` (a column of another area's query) is blacklisted. */
export const playerIsBlacklisted = (userId: SQL | Column): SQL =>
  sql`exists (select 1 from ${players} p where p.id = ${userId} and p.blacklisted)`;

/** A freeze counts while its end time has not passed (no end time = permanent). */
export function isFrozen(row: Pick<PlayerRow, 'status' | 'frozenUntil'>, now: Date): boolean {
  return row.status === 'frozen' && (!row.frozenUntil || row.frozenUntil > now);
}

/** 403 with the reason and end time, for a game call by a frozen player. */
export function frozenError(row: Pick<PlayerRow, 'frozenReason' | 'frozenUntil'>): AppError {
  const reason = row.frozenReason ?? '';
  return row.frozenUntil
    ? new AppError(403, 'player.frozen', { vars: { reason, until: row.frozenUntil.toISOString() } })
    : new AppError(403, 'player.frozenForever', { vars: { reason } });
}

/**
 * Rewards the item settings allow (the kit's `gameItem` items; checked before any reward is
 * promised, by mail, gift codes and the store — `applyRewards` below gives them): each kind grantable and within its most per reward. 400 naming
 * `field` (the rewards field of the form) otherwise. Kinds without settings are allowed.
 */
export async function checkRewardsAllowed(db: Db, rewards: readonly Reward[], field: string, locale: Locale) {
  if (rewards.length === 0) return;
  const items = await itemDocuments<GameItem>(db, gameItemResource, { keys: rewards.map((r) => r.kind) });
  const settings = new Map(items.map((item) => [item.kind, item]));
  for (const reward of rewards) {
    const s = settings.get(reward.kind as GameItem['kind']);
    if (!s) continue;
    const message = !s.grantable
      ? 'gameItem.notGrantable'
      : s.maxPerGrant !== null && reward.amount > s.maxPerGrant
        ? 'gameItem.overCap'
        : null;
    if (message)
      throw new AppError(400, 'gameItem.rewardRefusedMsg', {
        vars: { item: gameLabel(reward.kind, locale) },
        fields: [{ field, message }],
      });
  }
}

/**
 * The end of a player's chat ban as SQL over their ID (null: never banned or lifted; a past time:
 * over), for an area's one statement that must refuse a banned player (guild chat).
 */
export const chatBanEndOf = (userId: SQL | number): SQL<Date | null> =>
  sql<Date | null>`(select ${players.chatBannedUntil} from ${players} where ${players.id} = ${userId})`;

/** The players' chat-ban end (null when not banned at `now`); absent players are left out. */
export async function chatBansOf(db: Db, userId: number, now: Date): Promise<{ until: Date | null } | undefined> {
  const [row] = await db.select({ until: players.chatBannedUntil }).from(players).where(eq(players.id, userId));
  if (!row) return undefined;
  return { until: row.until && row.until > now ? row.until : null };
}

/** The last login of each of `ids` that is a player (null: never logged in through the game). */
export async function lastLoginsOf(db: Db, ids: readonly number[]): Promise<Map<number, Date | null>> {
  const found = new Map<number, Date | null>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: players.id, at: players.lastLoginAt })
    .from(players)
    .where(inArray(players.id, [...ids]));
  for (const r of rows) found.set(r.id, r.at);
  return found;
}
