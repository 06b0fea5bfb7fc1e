import {
  auditTarget,
  gameLabel,
  initialPlayerState,
  type LedgerSource,
  type Locale,
  type PlayerState,
  type ResourceKind,
  type Reward,
} from '@rookery/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { AuditEntry } from '../../platform/http/audit.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { recordLedger } from './ledger.js';
import { getPlayerForUpdate, keepSnapshot, type PlayerRow, recordPlayerEvent, stateColumns } from './service.js';
import { deviceBans, playerDevices, playerEvents, playerSnapshots, playerSuspicions, players } from './tables.js';
import { boundUserIds, toPlayerSummary } from './views.js';

/**
 * Console actions on players. Each runs inside the endpoint's transaction: the player row is
 * locked, the state before is kept as a snapshot, the change is written, and the audit record and
 * a player event describe it. Changes to the game state raise the save count, so the game's copy
 * is stale and its next save is refused until it reloads.
 */

export interface ActionContext {
  db: Db;
  /** The staff user acting. */
  actor: string;
  audit(entry: AuditEntry): void;
  locale: Locale;
  /** The service clock's time of the request. */
  now: Date;
}

type PlayerChange = Partial<typeof players.$inferInsert>;

/** What the audit log keeps of a player: the summary plus the state. */
const auditView = (row: PlayerRow, now: Date) => ({
  ...toPlayerSummary(row, now),
  sessionEpoch: row.sessionEpoch,
  state: row.state,
});

/** Lock, snapshot, change, audit and log one player. `change` may throw to refuse (nothing is written). */
export async function changePlayer(
  ctx: ActionContext,
  userId: number,
  action: string,
  change: (row: PlayerRow) => PlayerChange,
  eventData: (before: PlayerRow) => unknown = () => null,
  /** Writes to other tables that belong to the action, run under the player's lock. */
  alsoWrite?: () => Promise<void>,
  /** What the ledger rows of a change of resources name (the snapshot restored, the other account). */
  ledgerSourceId?: string | number,
): Promise<PlayerRow> {
  const before = await getPlayerForUpdate(ctx.db, userId);
  const set = change(before);
  await alsoWrite?.();
  // A new state: its change of resources goes to the ledger, under the action's name, in this transaction.
  if (set.state)
    await recordLedger(
      ctx.db,
      userId,
      before.state.resources,
      set.state.resources,
      { type: action as LedgerSource, id: ledgerSourceId },
      ctx.now,
    );
  await keepSnapshot(ctx.db, before, action, ctx.now, ctx.actor);
  const [after] = await ctx.db
    .update(players)
    .set({ ...set, updatedAt: ctx.now })
    .where(eq(players.id, userId))
    .returning();
  // The action's details (the device unbound, the resources deducted…) go with the after view, so
  // the audit says what changed even when the player row itself did not.
  const detail = eventData(before);
  ctx.audit({
    action,
    target: auditTarget('player', userId),
    before: auditView(before, ctx.now),
    after: { ...auditView(after, ctx.now), detail },
  });
  await recordPlayerEvent(ctx.db, userId, action, detail, ctx.now, ctx.actor);
  return after;
}

/** A new state for the player: the save count goes up so the game's copy is stale. */
const newState = (row: PlayerRow, state: PlayerState): PlayerChange => stateColumns(state, row.saveCount + 1);

/** 400 naming every unknown user ID; nothing is changed. Locks are taken in ID order (no deadlocks). */
async function assertPlayersExist(db: Db, userIds: number[]): Promise<number[]> {
  const sorted = [...userIds].sort((a, b) => a - b);
  const found = await db.select({ id: players.id }).from(players).where(inArray(players.id, sorted));
  const known = new Set(found.map((r) => r.id));
  const missing = sorted.filter((id) => !known.has(id));
  if (missing.length > 0)
    throw new AppError(400, 'player.someNotFound', {
      vars: { ids: missing.join(', ') },
      fields: [{ field: 'userIds', message: 'player.notFound' }],
    });
  return sorted;
}

/** The same change on up to 25 players, in one transaction. */
export async function changePlayers(
  ctx: ActionContext,
  userIds: number[],
  action: string,
  change: (row: PlayerRow) => PlayerChange,
  eventData: (before: PlayerRow) => unknown = () => null,
): Promise<PlayerRow[]> {
  const out: PlayerRow[] = [];
  for (const id of await assertPlayersExist(ctx.db, userIds))
    out.push(await changePlayer(ctx, id, action, change, eventData));
  return out;
}

export const freezePlayers = (ctx: ActionContext, userIds: number[], reason: string, until?: string) =>
  changePlayers(
    ctx,
    userIds,
    'freezePlayers',
    () => ({ status: 'frozen', frozenReason: reason, frozenUntil: until ? new Date(until) : null }),
    () => ({ reason, until: until ?? null }),
  );

export const unfreezePlayers = (ctx: ActionContext, userIds: number[]) =>
  changePlayers(ctx, userIds, 'unfreezePlayers', () => ({ status: 'normal', frozenReason: null, frozenUntil: null }));

export const banChat = (ctx: ActionContext, userIds: number[], until: string, reason: string) =>
  changePlayers(
    ctx,
    userIds,
    'banChat',
    () => ({ chatBannedUntil: new Date(until), chatBanReason: reason }),
    () => ({ until, reason }),
  );

export const liftChatBan = (ctx: ActionContext, userIds: number[]) =>
  changePlayers(ctx, userIds, 'liftChatBan', () => ({ chatBannedUntil: null, chatBanReason: null }));

export const addToBlacklist = (ctx: ActionContext, userIds: number[], reason: string) =>
  changePlayers(
    ctx,
    userIds,
    'addToBlacklist',
    () => ({ blacklisted: true, blacklistReason: reason }),
    () => ({ reason }),
  );

export const removeFromBlacklist = (ctx: ActionContext, userIds: number[]) =>
  changePlayers(ctx, userIds, 'removeFromBlacklist', () => ({ blacklisted: false, blacklistReason: null }));

export const clearPlayerData = (ctx: ActionContext, userId: number, reason: string) =>
  changePlayer(
    ctx,
    userId,
    'clearPlayerData',
    (row) => newState(row, initialPlayerState()),
    () => ({ reason }),
  );

/** Take resources away; any item the player holds too little of refuses the whole deduction. */
export function deductResources(ctx: ActionContext, userId: number, items: Reward[], reason: string) {
  return changePlayer(
    ctx,
    userId,
    'deductResources',
    (row) => {
      const resources = { ...row.state.resources };
      items.forEach((item, i) => {
        const have = resources[item.kind] ?? 0;
        if (have < item.amount)
          throw new AppError(400, 'player.insufficient', {
            vars: { kind: gameLabel(item.kind, ctx.locale), have, amount: item.amount },
            fields: [{ field: `items.${i}.amount`, message: 'player.insufficient' }],
          });
        resources[item.kind] = have - item.amount;
      });
      return newState(row, { ...row.state, resources });
    },
    () => ({ items, reason }),
  );
}

/** Remove resource kinds entirely; the event records how much of each was held. */
export function removeItems(ctx: ActionContext, userId: number, kinds: ResourceKind[], reason: string) {
  return changePlayer(
    ctx,
    userId,
    'removeItems',
    (row) => {
      const resources = { ...row.state.resources };
      for (const k of kinds) delete resources[k];
      return newState(row, { ...row.state, resources });
    },
    (before) => ({ kinds, removed: Object.fromEntries(kinds.map((k) => [k, before.state.resources[k] ?? 0])), reason }),
  );
}

export async function restoreSnapshot(ctx: ActionContext, snapshotId: number, reason?: string) {
  const [snap] = await ctx.db.select().from(playerSnapshots).where(eq(playerSnapshots.id, snapshotId));
  if (!snap) throw notFound('player.snapshotNotFound');
  return changePlayer(
    ctx,
    snap.userId,
    'restoreSnapshot',
    (row) => newState(row, snap.state),
    () => ({ snapshotId, snapshotSaveCount: snap.saveCount, reason: reason ?? null }),
    undefined,
    snapshotId,
  );
}

export async function unbindDevice(ctx: ActionContext, userId: number, deviceId: string, reason?: string) {
  // The binding goes inside the player's change, after the lock: a device not bound refuses it all.
  return changePlayer(
    ctx,
    userId,
    'unbindDevice',
    () => ({}),
    () => ({ deviceId, reason: reason ?? null }),
    async () => {
      const removed = await ctx.db
        .delete(playerDevices)
        .where(and(eq(playerDevices.deviceId, deviceId), eq(playerDevices.userId, userId)))
        .returning();
      if (removed.length === 0) throw badRequest('player.deviceNotBound', 'deviceId');
    },
  );
}

/**
 * End the player's game session: the session epoch goes up, so saves made under the old login
 * are refused (409) until the game logs in again and learns the new epoch.
 */
export async function endPlayerSession(ctx: ActionContext, key: { socialId?: string; deviceId?: string }) {
  const [byKey] = key.socialId
    ? await ctx.db.select({ id: players.id }).from(players).where(eq(players.socialId, key.socialId))
    : await ctx.db
        .select({ id: playerDevices.userId })
        .from(playerDevices)
        .where(eq(playerDevices.deviceId, key.deviceId!));
  if (!byKey) throw notFound('player.noSession');
  return changePlayer(
    ctx,
    byKey.id,
    'endPlayerSession',
    (row) => ({ sessionEpoch: row.sessionEpoch + 1 }),
    () => key,
  );
}

export type TransferKind = 'copyAccount' | 'migrateAccount';

/**
 * The two accounts after a copy or migration, computed without writing: the preview shows it and
 * the action writes exactly it.
 *  - copy: the target's state becomes the source's; the source is untouched.
 *  - migrate: the target takes the source's social ID, state and payer flag; the source keeps its
 *    user ID and history but is left with a new player's state, so the save exists once.
 */
export function transferOutcome(
  kind: TransferKind,
  from: PlayerRow,
  to: PlayerRow,
): { from: PlayerChange; to: PlayerChange } {
  if (kind === 'copyAccount') return { from: {}, to: newState(to, from.state) };
  if (!from.socialId) throw badRequest('player.sourceHasNoSocialId', 'fromUserId');
  if (to.socialId) throw badRequest('player.targetHasSocialId', 'toUserId');
  return {
    from: { socialId: null, ...newState(from, initialPlayerState()) },
    to: {
      socialId: from.socialId,
      isPayer: from.isPayer || to.isPayer,
      ...stateColumns(from.state, Math.max(from.saveCount, to.saveCount) + 1),
    },
  };
}

/** Lock both accounts in ID order, then apply the transfer: the source first (it may free its social ID). */
export async function transferAccount(
  ctx: ActionContext,
  kind: TransferKind,
  fromId: number,
  toId: number,
  reason?: string,
) {
  const locked = new Map<number, PlayerRow>();
  for (const id of [fromId, toId].sort((a, b) => a - b)) locked.set(id, await getPlayerForUpdate(ctx.db, id));
  const from = locked.get(fromId)!;
  const to = locked.get(toId)!;
  const outcome = transferOutcome(kind, from, to);
  const data = { fromUserId: fromId, toUserId: toId, reason: reason ?? null };
  const fromAfter =
    kind === 'migrateAccount'
      ? await changePlayer(
          ctx,
          fromId,
          kind,
          () => outcome.from,
          () => data,
          undefined,
          toId,
        )
      : from;
  const toAfter = await changePlayer(
    ctx,
    toId,
    kind,
    () => outcome.to,
    () => data,
    undefined,
    fromId,
  );
  if (kind === 'copyAccount') await recordPlayerEvent(ctx.db, fromId, 'copiedToAccount', data, ctx.now, ctx.actor);
  return { from: { before: from, after: fromAfter }, to: { before: to, after: toAfter } };
}

/** Ban devices (login from them is refused); the players bound to them get an event. */
export async function banDevices(ctx: ActionContext, deviceIds: string[], reason: string, until?: string) {
  const bound = await boundUserIds(ctx.db, deviceIds);
  const bans = [];
  for (const deviceId of deviceIds) {
    const [before] = await ctx.db.select().from(deviceBans).where(eq(deviceBans.deviceId, deviceId));
    const values = { reason, until: until ? new Date(until) : null, bannedBy: ctx.actor, createdAt: ctx.now };
    const [ban] = await ctx.db
      .insert(deviceBans)
      .values({ deviceId, ...values })
      .onConflictDoUpdate({ target: deviceBans.deviceId, set: values })
      .returning();
    const userIds = bound.get(deviceId) ?? [];
    ctx.audit({
      action: 'banDevices',
      target: auditTarget('device', deviceId),
      before: before ?? null,
      after: { ...ban, userIds },
    });
    for (const userId of userIds)
      await recordPlayerEvent(
        ctx.db,
        userId,
        'banDevices',
        { deviceId, reason, until: until ?? null },
        ctx.now,
        ctx.actor,
      );
    bans.push({ ...ban, userIds });
  }
  return bans;
}

export async function unbanDevices(ctx: ActionContext, deviceIds: string[]) {
  const removed = await ctx.db.delete(deviceBans).where(inArray(deviceBans.deviceId, deviceIds)).returning();
  const bound = await boundUserIds(
    ctx.db,
    removed.map((r) => r.deviceId),
  );
  for (const ban of removed) {
    ctx.audit({ action: 'unbanDevices', target: auditTarget('device', ban.deviceId), before: ban, after: null });
    for (const userId of bound.get(ban.deviceId) ?? [])
      await recordPlayerEvent(ctx.db, userId, 'unbanDevices', { deviceId: ban.deviceId }, ctx.now, ctx.actor);
  }
  return removed.map((r) => r.deviceId);
}

/** Event types whose payloads accounting keeps after an erasure (what was bought, refunded, delivered). */
export const ACCOUNTING_EVENT_TYPES = ['purchase', 'refund', 'delivery', 'rewards'];

/**
 * Erase business data: personal and analytics data (social, anonymous and device IDs, device
 * model, OS, version, language, country, device bindings, event payloads). Kept: the user ID,
 * the game state and snapshots (no personal data), payer flag, event types and times, and the
 * payloads of accounting events. The audit record names the erased fields, not their values.
 */
export async function deleteBusinessData(ctx: ActionContext, userId: number, reason: string) {
  const erased = ['socialId', 'anonymousId', 'deviceId', 'deviceModel', 'os', 'appVersion', 'language', 'country'];
  const before = await getPlayerForUpdate(ctx.db, userId);
  await keepSnapshot(ctx.db, before, 'deleteBusinessData', ctx.now, ctx.actor);
  const { now } = ctx;
  const [after] = await ctx.db
    .update(players)
    .set({
      socialId: null,
      anonymousId: null,
      deviceId: null,
      deviceModel: null,
      os: null,
      appVersion: null,
      language: null,
      country: null,
      reportedOs: null,
      reportedLanguage: null,
      reportedCountry: null,
      dataErasedAt: now,
      updatedAt: now,
    })
    .where(eq(players.id, userId))
    .returning();
  const devices = await ctx.db.delete(playerDevices).where(eq(playerDevices.userId, userId)).returning();
  await ctx.db
    .update(playerEvents)
    .set({ data: null })
    .where(and(eq(playerEvents.userId, userId), notInArray(playerEvents.type, ACCOUNTING_EVENT_TYPES)));
  await ctx.db
    .update(playerSuspicions)
    .set({ detail: sql`${playerSuspicions.detail} - 'deviceId'` })
    .where(eq(playerSuspicions.userId, userId));
  ctx.audit({
    action: 'deleteBusinessData',
    target: auditTarget('player', userId),
    before: { erasedFields: erased, devicesUnbound: devices.length },
    after: { ...toPlayerSummary(after, now), reason },
  });
  await recordPlayerEvent(ctx.db, userId, 'deleteBusinessData', { erasedFields: erased, reason }, ctx.now, ctx.actor);
  return after;
}

export async function reviewSuspicion(ctx: ActionContext, id: number) {
  const [before] = await ctx.db.select().from(playerSuspicions).where(eq(playerSuspicions.id, id));
  if (!before) throw notFound('player.suspicionNotFound');
  await getPlayerForUpdate(ctx.db, before.userId);
  const [after] = await ctx.db
    .update(playerSuspicions)
    .set({ reviewedAt: ctx.now, reviewedBy: ctx.actor })
    .where(eq(playerSuspicions.id, id))
    .returning();
  ctx.audit({ action: 'reviewSuspicion', target: auditTarget('player', before.userId), before, after });
  await recordPlayerEvent(
    ctx.db,
    before.userId,
    'reviewSuspicion',
    { suspicionId: id, rule: before.rule },
    ctx.now,
    ctx.actor,
  );
  return after;
}
