import {
  canonicalCountry,
  canonicalOs,
  gameLabel,
  type Locale,
  type PlayerState,
  resourceKinds,
  type SuspicionRule,
  stateFields,
} from '@rookery/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asList, type PageInput, paginate, sortBy } from '../../platform/db/paginate.js';
import { selectTableRows } from '../../platform/db/rows.js';
import { notFound } from '../../platform/http/errors.js';
import { getPlayer, type PlayerRow } from './service.js';
import { deviceBans, playerEvents, playerSnapshots, playerSuspicions, players } from './tables.js';
import { boundUserIds, type PlayerSummary, playerDevicesView, toPlayerDetail, toPlayerSummary } from './views.js';

/** Read-only player queries for the console: search, listings, snapshots, history, event log, archive. */

/**
 * Every ID kind is an index lookup; a device ID finds the players it is bound to and those whose
 * last login came from it (the `players_by_device` function of migration 0004, planned once per
 * connection).
 */
export async function searchPlayers(
  db: Db,
  q: { userId?: number; socialId?: string; deviceId?: string; anonymousId?: string },
  now: Date,
): Promise<PlayerSummary[]> {
  let rows: PlayerRow[];
  if (q.userId) rows = await db.select().from(players).where(eq(players.id, q.userId));
  else if (q.socialId) rows = await db.select().from(players).where(eq(players.socialId, q.socialId));
  else if (q.anonymousId)
    rows = await db.select().from(players).where(eq(players.anonymousId, q.anonymousId)).orderBy(players.id).limit(100);
  else rows = await selectTableRows(db, players, sql`select * from players_by_device(${q.deviceId!}) order by id`);
  return rows.map((r) => toPlayerSummary(r, now));
}

export async function playerDetailById(db: Db, userId: number, locale: Locale, now: Date) {
  const row = await getPlayer(db, userId);
  return toPlayerDetail(row, await playerDevicesView(db, userId, now), locale, now);
}

const sortColumns = {
  userId: players.id,
  lastLoginAt: players.lastLoginAt,
  firstLoginAt: players.firstLoginAt,
  saveCount: players.saveCount,
} as const;

async function listWhere(
  db: Db,
  filters: (SQL | undefined)[],
  q: PageInput,
  now: Date,
  orderBy: SQL[] = [desc(players.id)],
) {
  return asList(await paginate(db, { from: players, filters, orderBy, ...q }), (r) => toPlayerSummary(r, now));
}

const frozenNow = (now: Date) =>
  and(eq(players.status, 'frozen'), or(isNull(players.frozenUntil), gt(players.frozenUntil, now)));
const notFrozenNow = (now: Date) =>
  or(eq(players.status, 'normal'), and(isNotNull(players.frozenUntil), lte(players.frozenUntil, now)));

export function listPlayers(
  db: Db,
  q: PageInput & {
    status?: 'normal' | 'frozen';
    os?: string;
    country?: string;
    sort: keyof typeof sortColumns;
    order: 'asc' | 'desc';
  },
  now: Date,
) {
  const filters = [
    q.status === 'frozen' ? frozenNow(now) : q.status === 'normal' ? notFrozenNow(now) : undefined,
    // The columns hold canonical values (the login stores them so): the filter's text is read the
    // same way ("IOS" is ios, "gb" is GB, any other system is `other`), and a country that is no
    // ISO code matches no player.
    q.os ? eq(players.os, canonicalOs(q.os) ?? '') : undefined,
    q.country ? eq(players.country, canonicalCountry(q.country) ?? '') : undefined,
  ];
  return listWhere(
    db,
    filters,
    q,
    now,
    sortBy({ columns: sortColumns, by: q.sort, order: q.order, tiebreak: players.id }),
  );
}

const byUser = (q: { userId?: number }) => (q.userId ? eq(players.id, q.userId) : undefined);

/** The ban list: each frozen player with who froze them and when (their latest freeze event). */
export async function listFrozenPlayers(db: Db, q: PageInput & { userId?: number }, now: Date) {
  const page = await listWhere(db, [frozenNow(now), byUser(q)], q, now);
  const ids = page.list.map((p) => p.userId);
  const freezes = ids.length
    ? await db
        .selectDistinctOn([playerEvents.userId], {
          userId: playerEvents.userId,
          actor: playerEvents.actor,
          at: playerEvents.at,
        })
        .from(playerEvents)
        .where(and(inArray(playerEvents.userId, ids), eq(playerEvents.type, 'freezePlayers')))
        .orderBy(playerEvents.userId, desc(playerEvents.id))
    : [];
  const byId = new Map(freezes.map((f) => [f.userId, f]));
  return {
    ...page,
    list: page.list.map((p) => ({
      ...p,
      frozenBy: byId.get(p.userId)?.actor ?? null,
      frozenAt: byId.get(p.userId)?.at ?? null,
    })),
  };
}

export const listChatBans = (db: Db, q: PageInput & { userId?: number }, now: Date) =>
  listWhere(db, [gt(players.chatBannedUntil, now), byUser(q)], q, now);

export const listBlacklist = (db: Db, q: PageInput & { userId?: number }, now: Date) =>
  listWhere(db, [sql`${players.blacklisted}`, byUser(q)], q, now);

export async function listDeviceBans(db: Db, q: PageInput & { deviceId?: string }, now: Date) {
  const page = await paginate(db, {
    from: deviceBans,
    filters: [
      or(isNull(deviceBans.until), gt(deviceBans.until, now)),
      q.deviceId ? eq(deviceBans.deviceId, q.deviceId) : undefined,
    ],
    orderBy: [desc(deviceBans.createdAt), asc(deviceBans.deviceId)],
    ...q,
  });
  const bound = await boundUserIds(
    db,
    page.rows.map((r) => r.deviceId),
  );
  return asList(page, (r) => toDeviceBan(r, bound.get(r.deviceId) ?? []));
}

export const toDeviceBan = (
  { deviceId, reason, until, bannedBy, createdAt }: typeof deviceBans.$inferSelect,
  userIds: number[],
) => ({
  deviceId,
  reason,
  until,
  bannedBy,
  createdAt,
  userIds,
});

export async function listSnapshots(db: Db, q: PageInput & { userId: number }) {
  await getPlayer(db, q.userId);
  const { state: _, ...info } = getTableColumns(playerSnapshots);
  const page = await paginate(db, {
    from: playerSnapshots,
    select: (d) => d.select(info).from(playerSnapshots),
    filters: [eq(playerSnapshots.userId, q.userId)],
    orderBy: [desc(playerSnapshots.id)],
    ...q,
  });
  return asList(page);
}

export async function getSnapshot(db: Db, id: number) {
  const [row] = await db.select().from(playerSnapshots).where(eq(playerSnapshots.id, id));
  if (!row) throw notFound('player.snapshotNotFound');
  return row;
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
export async function playerDataHistory(db: Db, q: PageInput & { userId: number }, locale: Locale) {
  const player = await getPlayer(db, q.userId);
  const byPlayer = eq(playerSnapshots.userId, q.userId);
  const page = await paginate(db, {
    from: playerSnapshots,
    filters: [byPlayer],
    orderBy: [desc(playerSnapshots.id)],
    ...q,
  });
  // The snapshot just newer than this page's first one holds the state its first write made.
  const [first] = page.rows;
  const [newerThanPage] = first
    ? await db
        .select({ state: playerSnapshots.state, saveCount: playerSnapshots.saveCount })
        .from(playerSnapshots)
        .where(and(byPlayer, gt(playerSnapshots.id, first.id)))
        .orderBy(asc(playerSnapshots.id))
        .limit(1)
    : [];
  let newer: { state: PlayerState; saveCount: number } = newerThanPage ?? player;
  return asList(page, (r) => {
    const entry = {
      snapshotId: r.id,
      saveCount: r.saveCount,
      nextSaveCount: newer.saveCount,
      cause: r.cause,
      actor: r.actor,
      at: r.createdAt,
      changes: stateChanges(r.state, newer.state, locale),
    };
    newer = r;
    return entry;
  });
}

const listEventsWhere = async (db: Db, filters: (SQL | undefined)[], q: PageInput) =>
  asList(await paginate(db, { from: playerEvents, filters, orderBy: [desc(playerEvents.id)], ...q }));

export const listPlayerEvents = (
  db: Db,
  q: PageInput & { userId: number; type?: string; start?: string; end?: string },
) =>
  listEventsWhere(
    db,
    [
      eq(playerEvents.userId, q.userId),
      q.type ? eq(playerEvents.type, q.type) : undefined,
      q.start ? gte(playerEvents.at, new Date(q.start)) : undefined,
      q.end ? lte(playerEvents.at, new Date(q.end)) : undefined,
    ],
    q,
  );

export const listItemRemovals = (db: Db, q: PageInput & { userId?: number }) =>
  listEventsWhere(
    db,
    [
      inArray(playerEvents.type, ['deductResources', 'removeItems']),
      q.userId ? eq(playerEvents.userId, q.userId) : undefined,
    ],
    q,
  );

export async function listSuspicions(
  db: Db,
  q: PageInput & { userId?: number; reviewed?: 'true' | 'false'; rule?: SuspicionRule },
) {
  const page = await paginate(db, {
    from: playerSuspicions,
    filters: [
      q.reviewed === 'true'
        ? isNotNull(playerSuspicions.reviewedAt)
        : q.reviewed === 'false'
          ? isNull(playerSuspicions.reviewedAt)
          : undefined,
      q.userId ? eq(playerSuspicions.userId, q.userId) : undefined,
      q.rule ? eq(playerSuspicions.rule, q.rule) : undefined,
    ],
    orderBy: [desc(playerSuspicions.id)],
    ...q,
  });
  return asList(page);
}

/** Everything held about the player, for the export-archive download. */
export async function playerArchive(db: Db, userId: number, locale: Locale, now: Date) {
  const detail = await playerDetailById(db, userId, locale, now);
  const deviceIds = detail.devices.map((d) => d.deviceId);
  const [snapshots, events, suspicions, bans] = await Promise.all([
    db.select().from(playerSnapshots).where(eq(playerSnapshots.userId, userId)).orderBy(asc(playerSnapshots.id)),
    db.select().from(playerEvents).where(eq(playerEvents.userId, userId)).orderBy(asc(playerEvents.id)),
    db.select().from(playerSuspicions).where(eq(playerSuspicions.userId, userId)).orderBy(asc(playerSuspicions.id)),
    deviceIds.length ? db.select().from(deviceBans).where(inArray(deviceBans.deviceId, deviceIds)) : [],
  ]);
  return {
    exportedAt: now,
    player: detail,
    snapshots,
    events,
    suspicions,
    deviceBans: bans.map((b) => toDeviceBan(b, [userId])),
  };
}
