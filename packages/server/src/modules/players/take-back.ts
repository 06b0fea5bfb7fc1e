import type { Reward } from '@rookery/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type LedgerWriteSource, recordLedger } from './ledger.js';
import { getPlayerForUpdate, keepSnapshot, stateColumns } from './service.js';
import { playerSuspicions, players } from './tables.js';

/**
 * Taking back what a player was granted (a refund's clawback), in the caller's transaction: the
 * player row is locked, the state before is kept as a snapshot, each resource goes down by what
 * was granted but never below zero, and the save count goes up (the game's copy is stale). What
 * could not be taken is the `shortfall`: the caller records it (as the player's debt). The caller
 * logs the player event and the audit record, which say why. The resource ledger gets one row per
 * resource taken (delta −taken, balance after, with `source`), in the same transaction.
 */
export async function takeBackResources(
  db: Db,
  userId: number,
  items: readonly Reward[],
  source: LedgerWriteSource,
  now: Date,
): Promise<{ taken: Reward[]; shortfall: Reward[] }> {
  const before = await getPlayerForUpdate(db, userId);
  // The same kind twice counts once with the sum (a gift pack may list a kind more than once).
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(item.kind, (wanted.get(item.kind) ?? 0) + item.amount);
  const resources = { ...before.state.resources } as Record<string, number>;
  const taken: Reward[] = [];
  const shortfall: Reward[] = [];
  for (const [kind, amount] of wanted) {
    const have = Math.max(0, Number(resources[kind] ?? 0));
    const take = Math.min(have, amount);
    if (take > 0) {
      resources[kind] = have - take;
      taken.push({ kind, amount: take } as Reward);
    }
    if (amount > take) shortfall.push({ kind, amount: amount - take } as Reward);
  }
  if (taken.length > 0) {
    await keepSnapshot(db, before, `takeBack:${source.type}`, now);
    await db
      .update(players)
      .set({
        ...stateColumns(
          { ...before.state, resources: resources as typeof before.state.resources },
          before.saveCount + 1,
        ),
        updatedAt: now,
      })
      .where(eq(players.id, userId));
    await recordLedger(db, userId, before.state.resources, resources, source, now);
  }
  return { taken, shortfall };
}

/**
 * Flag a player for review on the suspicious-users screen (rule `storeRefund`): a refund's
 * clawback "flag". In the caller's transaction.
 */
export async function flagPlayerForRefund(
  db: Db,
  userId: number,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const row = await getPlayerForUpdate(db, userId);
  await db
    .insert(playerSuspicions)
    .values({ userId, rule: 'storeRefund', detail, saveCount: row.saveCount, createdAt: now });
}
