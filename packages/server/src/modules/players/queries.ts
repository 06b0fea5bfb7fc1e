import {
  gameLabel,
  type Locale,
  type PlayerState,
  type PlayerSummary,
  resourceKinds,
  stateFields,
} from '@rookery/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { selectTableRows } from '../../platform/db/rows.js';
import { notFound } from '../../platform/http/errors.js';
import { getPlayer, type PlayerRow } from './service.js';
import { deviceBans, playerEvents, playerSnapshots, playerSuspicions, players } from './tables.js';
import { boundUserIds, playerDevicesView, toPlayerDetail, toPlayerSummary } from './views.js';

/** Read-only player queries for the console: search, listings, snapshots, history, event log, archive. */

interface Page {
  page: number;
  pageSize: number;
}

const paged = <T>(list: T[], q: Page, total: number) => ({
  list,
  pagination: { page: q.page, pageSize: q.pageSize, total },
});

/** One page of a table's rows, ordered, with the total matching `where`. */
async function pageOf<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const from = table as PgTable;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(from)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(from).where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total };
}

const offsetOf = (q: Page) => (q.page - 1) * q.pageSize;

/**
 * Every ID kind is an index lookup; a device ID finds the players it is bound to and those whose
 * last login came from it (the `players_by_device` function of migration 0004, planned once per
 * connection).
 */
export async function searchPlayers(
  db: Db,
  q: { userId?: number; socialId?: string; deviceId?: string; anonymousId?: string },
): Promise<PlayerSummary[]> {
  let rows: PlayerRow[];
  if (q.userId) rows = await db.select().from(players).where(eq(players.id, q.userId));
  else if (q.socialId) rows = await db.select().from(players).where(eq(players.socialId, q.socialId));
  else if (q.anonymousId)
    rows = await db.select().from(players).where(eq(players.anonymousId, q.anonymousId)).orderBy(players.id).limit(100);
  else rows = await selectTableRows(db, players, sql`select * from players_by_device(${q.deviceId!}) order by id`);
  const now = new Date();
  return rows.map((r) => toPlayerSummary(r, now));
}

export async function playerDetailById(db: Db, userId: number, locale: Locale) {
  const row = await getPlayer(db, userId);
  return toPlayerDetail(row, await playerDevicesView(db, userId), locale);
}

const sortColumns = {
  userId: players.id,
  lastLoginAt: players.lastLoginAt,
  firstLoginAt: players.firstLoginAt,
  saveCount: players.saveCount,
} as const;

async function listWhere(db: Db, where: SQL | undefined, q: Page, orderBy: SQL[] = [desc(players.id)]) {
  const { rows, total } = await pageOf(db, players, where, orderBy, q.pageSize, offsetOf(q));
  const now = new Date();
  return paged(
    rows.map((r) => toPlayerSummary(r, now)),
    q,
    total,
  );
}

const frozenNow = (now: Date) =>
  and(eq(players.status, 'frozen'), or(isNull(players.frozenUntil), gt(players.frozenUntil, now)));
const notFrozenNow = (now: Date) =>
  or(eq(players.status, 'normal'), and(isNotNull(players.frozenUntil), lte(players.frozenUntil, now)));

export function listPlayers(
  db: Db,
  q: Page & {
    status?: 'normal' | 'frozen';
    os?: string;
    country?: string;
    sort: keyof typeof sortColumns;
    order: 'asc' | 'desc';
  },
) {
  const now = new Date();
  const where = and(
    q.status === 'frozen' ? frozenNow(now) : q.status === 'normal' ? notFrozenNow(now) : undefined,
    q.os ? eq(players.os, q.os) : undefined,
    q.country ? eq(players.country, q.country) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  return listWhere(db, where, q, [dir(sortColumns[q.sort]), dir(players.id)]);
}

export const listFrozenPlayers = (db: Db, q: Page & { userId?: number }) =>
  listWhere(db, and(frozenNow(new Date()), q.userId ? eq(players.id, q.userId) : undefined), q);

export const listChatBans = (db: Db, q: Page & { userId?: number }) =>
  listWhere(db, and(gt(players.chatBannedUntil, new Date()), q.userId ? eq(players.id, q.userId) : undefined), q);

export const listBlacklist = (db: Db, q: Page & { userId?: number }) =>
  listWhere(db, and(sql`${players.blacklisted}`, q.userId ? eq(players.id, q.userId) : undefined), q);

export async function listDeviceBans(db: Db, q: Page & { deviceId?: string }) {
  const now = new Date();
  const where = and(
    or(isNull(deviceBans.until), gt(deviceBans.until, now)),
    q.deviceId ? eq(deviceBans.deviceId, q.deviceId) : undefined,
  );
  const { rows, total } = await pageOf(
    db,
    deviceBans,
    where,
    [desc(deviceBans.createdAt), asc(deviceBans.deviceId)],
    q.pageSize,
    offsetOf(q),
  );
  const bound = await boundUserIds(
    db,
    rows.map((r) => r.deviceId),
  );
  return paged(
    rows.map((r) => toDeviceBan(r, bound.get(r.deviceId) ?? [])),
    q,
    total,
  );
}

export const toDeviceBan = (r: typeof deviceBans.$inferSelect, userIds: number[]) => ({
  deviceId: r.deviceId,
  reason: r.reason,
  until: r.until?.toISOString() ?? null,
  bannedBy: r.bannedBy,
  createdAt: r.createdAt.toISOString(),
  userIds,
});

const toSnapshotInfo = (r: typeof playerSnapshots.$inferSelect) => ({
  id: r.id,
  userId: r.userId,
  saveCount: r.saveCount,
  cause: r.cause,
  actor: r.actor,
  createdAt: r.createdAt.toISOString(),
});

export async function listSnapshots(db: Db, q: Page & { userId: number }) {
  await getPlayer(db, q.userId);
  const where = eq(playerSnapshots.userId, q.userId);
  const { rows, total } = await pageOf(db, playerSnapshots, where, [desc(playerSnapshots.id)], q.pageSize, offsetOf(q));
  return paged(rows.map(toSnapshotInfo), q, total);
}

export async function getSnapshot(db: Db, id: number) {
  const [row] = await db.select().from(playerSnapshots).where(eq(playerSnapshots.id, id));
  if (!row) throw notFound('player.snapshotNotFound');
  return { ...toSnapshotInfo(row), state: row.state };
}

/** Every resource and counter that differs between two states, labelled. */
export function stateChanges(before: PlayerState, after: PlayerState, locale: Locale) {
  const changes = [];
  for (const k of resourceKinds) {
    const a = before.resources[k] ?? null;
    const b = after.resources[k] ?? null;
    if (a !== b) changes.push({ key: k, label: gameLabel(k, locale), before: a, after: b });
  }
  for (const f of stateFields)
    if (before[f] !== after[f])
      changes.push({ key: f, label: gameLabel(f, locale), before: before[f], after: after[f] });
  return changes;
}

/**
 * A snapshot is the state before a write (its `cause`); what that write changed is the diff to
 * the next newer snapshot, or to the current state for the newest one.
 */
export async function playerDataHistory(db: Db, q: Page & { userId: number }, locale: Locale) {
  const player = await getPlayer(db, q.userId);
  const where = eq(playerSnapshots.userId, q.userId);
  const offset = offsetOf(q);
  const { rows, total } = await pageOf(
    db,
    playerSnapshots,
    where,
    [desc(playerSnapshots.id)],
    q.pageSize + (offset > 0 ? 1 : 0),
    Math.max(0, offset - 1),
  );
  let newer: { state: PlayerState; saveCount: number } = offset > 0 && rows.length > 0 ? rows.shift()! : player;
  const list = rows.map((r) => {
    const entry = {
      snapshotId: r.id,
      saveCount: r.saveCount,
      nextSaveCount: newer.saveCount,
      cause: r.cause,
      actor: r.actor,
      at: r.createdAt.toISOString(),
      changes: stateChanges(r.state, newer.state, locale),
    };
    newer = r;
    return entry;
  });
  return paged(list, q, total);
}

const toEvent = (r: typeof playerEvents.$inferSelect) => ({
  id: r.id,
  userId: r.userId,
  type: r.type,
  data: r.data,
  actor: r.actor,
  at: r.at.toISOString(),
});

async function listEventsWhere(db: Db, where: SQL | undefined, q: Page) {
  const { rows, total } = await pageOf(db, playerEvents, where, [desc(playerEvents.id)], q.pageSize, offsetOf(q));
  return paged(rows.map(toEvent), q, total);
}

export const listPlayerEvents = (db: Db, q: Page & { userId: number; type?: string; start?: string; end?: string }) =>
  listEventsWhere(
    db,
    and(
      eq(playerEvents.userId, q.userId),
      q.type ? eq(playerEvents.type, q.type) : undefined,
      q.start ? gte(playerEvents.at, new Date(q.start)) : undefined,
      q.end ? lte(playerEvents.at, new Date(q.end)) : undefined,
    ),
    q,
  );

export const listItemRemovals = (db: Db, q: Page & { userId?: number }) =>
  listEventsWhere(
    db,
    and(
      inArray(playerEvents.type, ['deductResources', 'removeItems']),
      q.userId ? eq(playerEvents.userId, q.userId) : undefined,
    ),
    q,
  );

export const toSuspicion = (r: typeof playerSuspicions.$inferSelect) => ({
  id: r.id,
  userId: r.userId,
  rule: r.rule,
  detail: r.detail,
  saveCount: r.saveCount,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
  reviewedBy: r.reviewedBy,
});

export async function listSuspicions(
  db: Db,
  q: Page & { userId?: number; reviewed?: 'true' | 'false'; rule?: string },
) {
  const where = and(
    q.reviewed === 'true'
      ? isNotNull(playerSuspicions.reviewedAt)
      : q.reviewed === 'false'
        ? isNull(playerSuspicions.reviewedAt)
        : undefined,
    q.userId ? eq(playerSuspicions.userId, q.userId) : undefined,
    q.rule ? eq(playerSuspicions.rule, q.rule) : undefined,
  );
  const { rows, total } = await pageOf(
    db,
    playerSuspicions,
    where,
    [desc(playerSuspicions.id)],
    q.pageSize,
    offsetOf(q),
  );
  return paged(rows.map(toSuspicion), q, total);
}

/** Everything held about the player, for the export-archive download. */
export async function playerArchive(db: Db, userId: number, locale: Locale) {
  const detail = await playerDetailById(db, userId, locale);
  const deviceIds = detail.devices.map((d) => d.deviceId);
  const [snapshots, events, suspicions, bans] = await Promise.all([
    db.select().from(playerSnapshots).where(eq(playerSnapshots.userId, userId)).orderBy(asc(playerSnapshots.id)),
    db.select().from(playerEvents).where(eq(playerEvents.userId, userId)).orderBy(asc(playerEvents.id)),
    db.select().from(playerSuspicions).where(eq(playerSuspicions.userId, userId)).orderBy(asc(playerSuspicions.id)),
    deviceIds.length ? db.select().from(deviceBans).where(inArray(deviceBans.deviceId, deviceIds)) : [],
  ]);
  return {
    exportedAt: new Date().toISOString(),
    player: detail,
    snapshots: snapshots.map((s) => ({ ...toSnapshotInfo(s), state: s.state })),
    events: events.map(toEvent),
    suspicions: suspicions.map(toSuspicion),
    deviceBans: bans.map((b) => toDeviceBan(b, [userId])),
  };
}
