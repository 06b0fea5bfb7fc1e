import { canonicalAttributes, canonicalCountry, initialPlayerState, type PlayerState } from '@rookery/contracts';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/client.js';
import { compileStatement } from '../../platform/db/rows.js';
import { AppError, conflict } from '../../platform/http/errors.js';
import { recordLedger } from './ledger.js';
import {
  frozenError,
  getPlayerForUpdate,
  isFrozen,
  keepSnapshot,
  type PlayerRow,
  recordPlayerEvent,
  stateColumns,
} from './service.js';
import { evaluateSave } from './suspicion.js';
import { deviceBans, playerDevices, playerEvents, playerSuspicions, players } from './tables.js';

/** The game's own player calls: login and save. */

export interface LoginInput {
  deviceId: string;
  socialId?: string;
  anonymousId?: string;
  deviceModel: string;
  /** As the game sent them: stored canonical (`canonicalAttributes`), the text kept where it differs. */
  os: string;
  appVersion: string;
  language: string;
  country?: string | null;
  /** The door's country (the one sent when it is a country, else the client's address's): used when none was sent. */
  doorCountry?: string | null;
}

/** What the game gets back from login and load. */
export function gameStateAnswer(row: LoginRow, now: Date) {
  return {
    userId: row.id,
    state: row.state,
    saveCount: row.saveCount,
    sessionEpoch: row.sessionEpoch,
    serverTime: now.toISOString(),
    chatBannedUntil: row.chatBannedUntil && row.chatBannedUntil > now ? row.chatBannedUntil.toISOString() : null,
  };
}

type Ban = { reason: string; until: Date | null } | null;

/** 403 with reason and end time for a device banned now. */
function banError(ban: { reason: string; until: Date | null }): AppError {
  return ban.until
    ? new AppError(403, 'player.deviceBanned', { vars: { reason: ban.reason, until: ban.until.toISOString() } })
    : new AppError(403, 'player.deviceBannedForever', { vars: { reason: ban.reason } });
}

const activeBan = (deviceId: string, now: Date) =>
  and(eq(deviceBans.deviceId, deviceId), or(isNull(deviceBans.until), gt(deviceBans.until, now)));

/**
 * The player to log in, locked, with the device's ban in force if any. By social ID when given;
 * a social ID seen for the first time on a device bound to a guest (no social ID yet) signs that
 * guest in and attaches the ID, so the guest's save is kept; else by the device's binding.
 */
async function lockForLogin(
  db: Db,
  input: LoginInput,
  now: Date,
): Promise<{ player: PlayerRow; ban: Ban } | undefined> {
  const columns = { player: players, ban: { reason: deviceBans.reason, until: deviceBans.until } };
  const byDevice = (guestOnly: boolean) =>
    db
      .select(columns)
      .from(playerDevices)
      .innerJoin(players, eq(players.id, playerDevices.userId))
      .leftJoin(deviceBans, activeBan(input.deviceId, now))
      .where(and(eq(playerDevices.deviceId, input.deviceId), guestOnly ? isNull(players.socialId) : undefined))
      .for('update', { of: players });
  if (!input.socialId) return (await byDevice(false))[0];
  const [bySocial] = await db
    .select(columns)
    .from(players)
    .leftJoin(deviceBans, activeBan(input.deviceId, now))
    .where(eq(players.socialId, input.socialId))
    .for('update', { of: players });
  if (bySocial) return bySocial;
  const [guest] = await byDevice(true);
  if (!guest || guest.ban) return guest;
  const [linked] = await db
    .update(players)
    .set({ socialId: input.socialId })
    .where(eq(players.id, guest.player.id))
    .returning();
  return { player: linked, ban: guest.ban };
}

/** A first login: refuse a banned device, then create the player (once, however many logins race). */
async function createOnFirstLogin(db: Db, input: LoginInput, now: Date): Promise<PlayerRow> {
  const [ban] = await db.select().from(deviceBans).where(activeBan(input.deviceId, now));
  if (ban) throw banError(ban);
  // Two first logins with the same social ID or device must make one player: serialise on the key.
  const key = input.socialId ? `social:${input.socialId}` : `device:${input.deviceId}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const raced = await lockForLogin(db, input, now);
  if (raced) return raced.player;
  const [created] = await db
    .insert(players)
    .values({
      socialId: input.socialId ?? null,
      ...stateColumns(initialPlayerState(), 0),
      firstLoginAt: now,
      updatedAt: now,
    })
    .returning();
  await recordLedger(db, created.id, {}, created.state.resources, { type: 'newPlayer' }, now);
  return created;
}

/**
 * What a login reports about the device and app: stored on the player and kept in the event.
 * Language, country and os are stored canonical, so the console's audience count and the game's
 * evaluation read one value (a language that is no tag is stored as none); what the game sent is
 * kept beside them only where it differs (`reported`, for support), and the event holds what was
 * stored. An empty country (neither the game nor the IP gave one) keeps the player's last known country.
 */
function loginRecord(input: LoginInput) {
  const canonical = canonicalAttributes(input);
  return {
    attributes: {
      deviceId: input.deviceId,
      deviceModel: input.deviceModel,
      os: canonical.os,
      appVersion: input.appVersion,
      language: canonical.language,
      country: canonical.country ?? canonicalCountry(input.doorCountry ?? '') ?? '',
    },
    reported: {
      reportedOs: canonical.reported.os,
      reportedLanguage: canonical.reported.language,
      reportedCountry: canonical.reported.country,
    },
  };
}

type LoginRecord = ReturnType<typeof loginRecord>;
/** The values of the login statement, by placeholder name. */
type LoginValues = LoginRecord['attributes'] &
  LoginRecord['reported'] & {
    socialId?: string;
    anonymousId: string | null;
    now: string;
    event: string;
  };

/** What the login statement gives back: the fields of `gameStateAnswer`, as the driver gives them. */
interface LoginStatementRow {
  id: number | string;
  state: PlayerState;
  save_count: number;
  session_epoch: number;
  chat_banned_until: string | Date | null;
}

/** What a login answers with: the fields of `gameStateAnswer`. */
export type LoginRow = Pick<PlayerRow, 'id' | 'state' | 'saveCount' | 'sessionEpoch' | 'chatBannedUntil'>;

/**
 * The login of an existing player allowed in, as one statement (one round trip, its own implicit
 * transaction when run alone): an update that takes the row lock and checks freeze and device ban
 * in its WHERE — by social ID, or by the device's binding — with the login event and, on a social
 * login, the device binding (moved from another player if need be) inserted by CTEs from the
 * updated row. It writes only login records, never game state, so `asyncCommit` lets the common
 * login skip waiting for the WAL flush (a crash may lose the last moment of login records).
 * `value(name)` gives each value: a placeholder to compile it once, or the value itself.
 */
function loginStatement(social: boolean, asyncCommit: boolean, value: (name: keyof LoginValues) => unknown): SQL {
  const now = sql`${value('now')}::timestamptz`;
  const binding = social
    ? sql`, login_binding as (
        insert into ${playerDevices} (device_id, user_id, bound_at) select ${value('deviceId')}, id, ${now} from login_player
        on conflict (device_id) do update set user_id = excluded.user_id, bound_at = excluded.bound_at
        where ${playerDevices.userId} <> excluded.user_id)`
    : sql``;
  return sql`with login_player as (
      update ${players} set
        device_id = ${value('deviceId')}, device_model = ${value('deviceModel')}, os = ${value('os')},
        app_version = ${value('appVersion')}, language = ${value('language')},
        country = coalesce(nullif(${value('country')}::text, ''), country),
        reported_os = ${value('reportedOs')}, reported_language = ${value('reportedLanguage')},
        reported_country = ${value('reportedCountry')},
        anonymous_id = coalesce(${value('anonymousId')}::text, anonymous_id),
        previous_login_at = last_login_at, last_login_at = ${now},
        status = 'normal', frozen_reason = null, frozen_until = null
      where ${
        social
          ? sql`social_id = ${value('socialId')}`
          : sql`id = (select d.user_id from ${playerDevices} d where d.device_id = ${value('deviceId')})`
      }
        and not (status = 'frozen' and (frozen_until is null or frozen_until > ${now}))
        and not exists (select 1 from ${deviceBans} b where b.device_id = ${value('deviceId')} and (b.until is null or b.until > ${now}))
      returning id, state, save_count, session_epoch, chat_banned_until${
        asyncCommit ? sql`, set_config('synchronous_commit', 'off', true) as async_commit` : sql``
      })${binding},
    login_event as (
      insert into ${playerEvents} (user_id, type, data, at) select id, 'login', ${value('event')}::jsonb, ${now} from login_player)
    select id, state, save_count, session_epoch, chat_banned_until from login_player`;
}

/** The common login compiled once per key kind: run straight on the driver (`Database.run`). */
const compiledLogin = {
  social: compileStatement<LoginValues>(
    'game_login_social',
    loginStatement(true, true, (name) => sql.placeholder(name)),
  ),
  device: compileStatement<LoginValues>(
    'game_login_device',
    loginStatement(false, true, (name) => sql.placeholder(name)),
  ),
};

function loginValues(
  input: LoginInput,
  now: Date,
  via: 'social' | 'device' | 'new',
): LoginValues & { socialId?: string } {
  const { attributes, reported } = loginRecord(input);
  return {
    ...attributes,
    ...reported,
    ...(input.socialId ? { socialId: input.socialId } : {}),
    anonymousId: input.anonymousId ?? null,
    now: now.toISOString(),
    event: JSON.stringify({ ...attributes, via }),
  };
}

const toLoginRow = (row: LoginStatementRow): LoginRow => ({
  id: Number(row.id),
  state: row.state,
  saveCount: row.save_count,
  sessionEpoch: row.session_epoch,
  // Drivers give a timestamp as text (drizzle turns off their parsing) or as a Date.
  chatBannedUntil: row.chat_banned_until == null ? null : new Date(row.chat_banned_until),
});

/** Where the common login runs: the database's driver (compiled, the game API), or a caller's transaction. */
export type LoginTarget = { database: Database } | { db: Db };

async function loginExisting(target: LoginTarget, input: LoginInput, now: Date): Promise<LoginRow | undefined> {
  const social = Boolean(input.socialId);
  const values = loginValues(input, now, social ? 'social' : 'device');
  let rows: LoginStatementRow[];
  if ('database' in target) {
    const statement = social ? compiledLogin.social : compiledLogin.device;
    rows = await target.database.run<LoginStatementRow>(statement, statement.values(values));
  } else {
    const result = await target.db.execute(loginStatement(social, true, (name) => values[name]));
    rows = (result as unknown as { rows: LoginStatementRow[] }).rows;
  }
  return rows[0] && toLoginRow(rows[0]);
}

/**
 * Find the player by social ID, else by the device's binding, else create one; refuse banned
 * devices and frozen players (403 with reason and end time); record the login attributes, bind
 * the device to the player and log the event. An existing player allowed in costs one statement;
 * the rest (a first login, a refusal) runs in a transaction of its own, which binds the device
 * and then records the login with the same statement, synchronously committed.
 */
export async function loginPlayer(target: LoginTarget, input: LoginInput, now: Date): Promise<LoginRow> {
  const existing = await loginExisting(target, input, now);
  if (existing) return existing;
  const db = 'database' in target ? target.database.db : target.db;
  return db.transaction(async (tx) => {
    const found = await lockForLogin(tx, input, now);
    if (found?.ban) throw banError(found.ban);
    const row = found?.player ?? (await createOnFirstLogin(tx, input, now));
    if (isFrozen(row, now)) throw frozenError(row);
    await tx
      .insert(playerDevices)
      .values({ deviceId: input.deviceId, userId: row.id, boundAt: now })
      .onConflictDoUpdate({
        target: playerDevices.deviceId,
        set: { userId: row.id, boundAt: now },
        setWhere: sql`${playerDevices.userId} <> ${row.id}`,
      });
    const values = loginValues(input, now, found ? (input.socialId ? 'social' : 'device') : 'new');
    const result = await tx.execute(loginStatement(Boolean(input.socialId), false, (name) => values[name]));
    const [recorded] = (result as unknown as { rows: LoginStatementRow[] }).rows;
    return toLoginRow(recorded);
  });
}

/**
 * The user a login will sign in (by social ID, else the device's binding), without locking or
 * writing: the maintenance allow-list asks it only while a window closes the door.
 */
export async function loginUserId(db: Db, input: { socialId?: string; deviceId: string }): Promise<number | null> {
  if (input.socialId) {
    const [p] = await db.select({ id: players.id }).from(players).where(eq(players.socialId, input.socialId));
    if (p) return p.id;
  }
  const [d] = await db
    .select({ id: playerDevices.userId })
    .from(playerDevices)
    .where(eq(playerDevices.deviceId, input.deviceId));
  return d?.id ?? null;
}

/** The player for a game call: 404 when unknown, 403 when frozen. */
export function assertPlayable(row: PlayerRow, now: Date): PlayerRow {
  if (isFrozen(row, now)) throw frozenError(row);
  return row;
}

export interface SaveInput {
  saveCount: number;
  state: PlayerState;
  sessionEpoch: number;
  deviceId?: string;
}

/**
 * Optimistic save: the save count must advance past the stored one (409 otherwise, so a stale
 * copy never overwrites newer progress or a console change). The state before the save is kept as
 * a snapshot and the plausibility rules file their findings.
 */
export async function savePlayer(db: Db, userId: number, input: SaveInput, now: Date) {
  const row = assertPlayable(await getPlayerForUpdate(db, userId), now);
  if (input.sessionEpoch !== row.sessionEpoch) throw conflict('player.sessionEnded');
  if (input.saveCount <= row.saveCount)
    throw new AppError(409, 'player.staleSave', { vars: { current: row.saveCount } });
  let deviceBound: boolean | undefined;
  if (input.deviceId !== undefined) {
    const [binding] = await db.select().from(playerDevices).where(eq(playerDevices.deviceId, input.deviceId));
    deviceBound = binding?.userId === userId;
  }
  const findings = evaluateSave({
    before: row,
    state: input.state,
    saveCount: input.saveCount,
    deviceId: input.deviceId,
    deviceBound,
    now,
  });
  if (findings.length > 0)
    await db
      .insert(playerSuspicions)
      .values(
        findings.map((f) => ({ userId, rule: f.rule, detail: f.detail, saveCount: input.saveCount, createdAt: now })),
      );
  await keepSnapshot(db, row, 'save', now);
  await db
    .update(players)
    .set({ ...stateColumns(input.state, input.saveCount), lastSaveAt: now, updatedAt: now })
    .where(eq(players.id, userId));
  // The game spends and earns in its own saves: each resource it changed is a ledger row (the
  // delta from the stored state), so the ledger explains the balance (decision 2026-11-28-resource-ledger).
  await recordLedger(
    db,
    userId,
    row.state.resources,
    input.state.resources,
    { type: 'gameSave', id: input.saveCount },
    now,
  );
  await recordPlayerEvent(
    db,
    userId,
    'save',
    {
      from: row.saveCount,
      to: input.saveCount,
      ...(findings.length ? { flagged: findings.map((f) => f.rule) } : {}),
    },
    now,
  );
  return { saveCount: input.saveCount, serverTime: now.toISOString() };
}
