import { initialPlayerState, type PlayerState } from '@rookery/contracts';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict } from '../../platform/http/errors.js';
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
import { deviceBans, playerDevices, playerSuspicions, players } from './tables.js';

/** The game's own player calls: login and save. */

export interface LoginInput {
  deviceId: string;
  socialId?: string;
  anonymousId?: string;
  deviceModel: string;
  os: string;
  appVersion: string;
  language: string;
  country: string;
}

/** What the game gets back from login and load. */
export function gameStateAnswer(row: PlayerRow, now = new Date()) {
  return {
    userId: row.id,
    state: row.state,
    saveCount: row.saveCount,
    sessionEpoch: row.sessionEpoch,
    serverTime: now.toISOString(),
    chatBannedUntil: row.chatBannedUntil && row.chatBannedUntil > now ? row.chatBannedUntil.toISOString() : null,
  };
}

/** 403 with reason and end time when the device is banned now. */
async function assertDeviceAllowed(db: Db, deviceId: string, now: Date): Promise<void> {
  const [ban] = await db
    .select()
    .from(deviceBans)
    .where(and(eq(deviceBans.deviceId, deviceId), or(isNull(deviceBans.until), gt(deviceBans.until, now))));
  if (!ban) return;
  throw ban.until
    ? new AppError(403, 'player.deviceBanned', { vars: { reason: ban.reason, until: ban.until.toISOString() } })
    : new AppError(403, 'player.deviceBannedForever', { vars: { reason: ban.reason } });
}

async function lockBySocialId(db: Db, socialId: string) {
  const [row] = await db.select().from(players).where(eq(players.socialId, socialId)).for('update');
  return row;
}

async function lockByDevice(db: Db, deviceId: string) {
  const [found] = await db
    .select({ player: players })
    .from(playerDevices)
    .innerJoin(players, eq(players.id, playerDevices.userId))
    .where(eq(playerDevices.deviceId, deviceId))
    .for('update', { of: players });
  return found?.player;
}

/**
 * Find the player by social ID, else by the device's binding, else create one; refuse banned
 * devices and frozen players (403 with reason and end time); record the login attributes and bind
 * the device to the player.
 */
export async function loginPlayer(db: Db, input: LoginInput, now = new Date()): Promise<PlayerRow> {
  await assertDeviceAllowed(db, input.deviceId, now);
  const find = () => (input.socialId ? lockBySocialId(db, input.socialId) : lockByDevice(db, input.deviceId));
  let row = await find();
  if (!row) {
    // Two first logins with the same social ID or device must make one player: serialise on the key.
    const key = input.socialId ? `social:${input.socialId}` : `device:${input.deviceId}`;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    row = await find();
    if (!row) {
      [row] = await db
        .insert(players)
        .values({ socialId: input.socialId ?? null, ...stateColumns(initialPlayerState(), 0), firstLoginAt: now })
        .returning();
    }
  }
  if (isFrozen(row, now)) throw frozenError(row);
  const lapsedFreeze = row.status === 'frozen';
  const [updated] = await db
    .update(players)
    .set({
      deviceId: input.deviceId,
      deviceModel: input.deviceModel,
      os: input.os,
      appVersion: input.appVersion,
      language: input.language,
      country: input.country,
      anonymousId: input.anonymousId ?? row.anonymousId,
      lastLoginAt: now,
      ...(lapsedFreeze ? { status: 'normal', frozenReason: null, frozenUntil: null } : {}),
    })
    .where(eq(players.id, row.id))
    .returning();
  // The device now logs into this player (a social login on another player's device moves the binding).
  await db
    .insert(playerDevices)
    .values({ deviceId: input.deviceId, userId: row.id, boundAt: now })
    .onConflictDoUpdate({
      target: playerDevices.deviceId,
      set: { userId: row.id, boundAt: now },
      setWhere: sql`${playerDevices.userId} <> ${row.id}`,
    });
  await recordPlayerEvent(db, row.id, 'login', {
    deviceId: input.deviceId,
    deviceModel: input.deviceModel,
    os: input.os,
    appVersion: input.appVersion,
    language: input.language,
    country: input.country,
    via: input.socialId ? 'social' : row.saveCount === 0 && !row.lastLoginAt ? 'new' : 'device',
  });
  return updated;
}

/** The player for a game call: 404 when unknown, 403 when frozen. */
export function assertPlayable(row: PlayerRow, now = new Date()): PlayerRow {
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
export async function savePlayer(db: Db, userId: number, input: SaveInput, now = new Date()) {
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
      .values(findings.map((f) => ({ userId, rule: f.rule, detail: f.detail, saveCount: input.saveCount })));
  await keepSnapshot(db, row, 'save');
  await db
    .update(players)
    .set({ ...stateColumns(input.state, input.saveCount), lastSaveAt: now })
    .where(eq(players.id, userId));
  await recordPlayerEvent(db, userId, 'save', {
    from: row.saveCount,
    to: input.saveCount,
    ...(findings.length ? { flagged: findings.map((f) => f.rule) } : {}),
  });
  return { saveCount: input.saveCount, serverTime: now.toISOString() };
}
