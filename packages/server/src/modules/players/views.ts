import { type Locale, labelledState, type playerDetailSchema, type playerSummarySchema } from '@rookery/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { isFrozen, type PlayerRow, userTypeOf } from './service.js';
import { deviceBans, playerDevices } from './tables.js';

/** A player row as the lists show it and as the player page shows it (the schemas encode the times). */
export type PlayerSummary = z.output<typeof playerSummarySchema>;
export type PlayerDetail = z.output<typeof playerDetailSchema>;

export function toPlayerSummary(row: PlayerRow, now: Date): PlayerSummary {
  const frozen = isFrozen(row, now);
  const chatBanned = row.chatBannedUntil !== null && row.chatBannedUntil > now;
  return {
    userId: row.id,
    socialId: row.socialId,
    deviceId: row.deviceId,
    anonymousId: row.anonymousId,
    deviceModel: row.deviceModel,
    os: row.os,
    appVersion: row.appVersion,
    language: row.language,
    country: row.country,
    status: frozen ? 'frozen' : 'normal',
    frozenReason: frozen ? row.frozenReason : null,
    frozenUntil: frozen ? row.frozenUntil : null,
    chatBannedUntil: chatBanned ? row.chatBannedUntil : null,
    chatBanReason: chatBanned ? row.chatBanReason : null,
    blacklisted: row.blacklisted,
    blacklistReason: row.blacklisted ? row.blacklistReason : null,
    userType: userTypeOf(row),
    habitatCount: row.habitatCount,
    saveCount: row.saveCount,
    firstLoginAt: row.firstLoginAt,
    lastLoginAt: row.lastLoginAt,
  };
}

export interface DeviceView {
  deviceId: string;
  boundAt: Date;
  banned: boolean;
}

export async function playerDevicesView(db: Db, userId: number, now: Date): Promise<DeviceView[]> {
  const rows = await db
    .select({
      deviceId: playerDevices.deviceId,
      boundAt: playerDevices.boundAt,
      until: deviceBans.until,
      ban: deviceBans.reason,
    })
    .from(playerDevices)
    .leftJoin(deviceBans, eq(deviceBans.deviceId, playerDevices.deviceId))
    .where(eq(playerDevices.userId, userId))
    .orderBy(playerDevices.boundAt);
  return rows.map((r) => ({
    deviceId: r.deviceId,
    boundAt: r.boundAt,
    banned: r.ban !== null && (r.until === null || r.until > now),
  }));
}

export function toPlayerDetail(row: PlayerRow, devices: DeviceView[], locale: Locale, now: Date): PlayerDetail {
  return {
    ...toPlayerSummary(row, now),
    state: row.state,
    stateView: labelledState(row.state, locale),
    devices,
    sessionEpoch: row.sessionEpoch,
    lastSaveAt: row.lastSaveAt,
    dataErasedAt: row.dataErasedAt,
    reported: { os: row.reportedOs, language: row.reportedLanguage, country: row.reportedCountry },
  };
}

export async function loadPlayerDetail(db: Db, row: PlayerRow, locale: Locale, now: Date): Promise<PlayerDetail> {
  return toPlayerDetail(row, await playerDevicesView(db, row.id, now), locale, now);
}

/** Player IDs bound to each of these devices. */
export async function boundUserIds(db: Db, deviceIds: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (deviceIds.length === 0) return out;
  const rows = await db.select().from(playerDevices).where(inArray(playerDevices.deviceId, deviceIds));
  for (const r of rows) out.set(r.deviceId, [...(out.get(r.deviceId) ?? []), r.userId]);
  return out;
}
