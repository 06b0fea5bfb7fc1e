import { type PlayerState, resourceCatalogue, resourceKinds } from '@rookery/contracts';
import type { PlayerRow } from './service.js';

/**
 * Plausibility rules evaluated on every save. A broken rule does not refuse the save (a false
 * alarm must not cost a player progress); it files a record operators review on the
 * suspicious-users screen.
 */

/** A save may advance the save count by this much at most without being flagged. */
export const MAX_SAVE_COUNT_STEP = 100;
/** Gains are judged over at least this much time, so two quick saves do not look like a huge rate. */
const MIN_WINDOW_HOURS = 0.25;

export interface Finding {
  rule: 'resourceGain' | 'saveCountJump' | 'unboundDevice';
  detail: Record<string, unknown>;
}

export interface SaveFacts {
  before: PlayerRow;
  state: PlayerState;
  saveCount: number;
  /** The saving device and whether it is bound to this player (undefined when the game did not say). */
  deviceId?: string;
  deviceBound?: boolean;
  now: Date;
}

export function evaluateSave(f: SaveFacts): Finding[] {
  const findings: Finding[] = [];
  const since = f.before.lastSaveAt ?? f.before.lastLoginAt ?? f.before.firstLoginAt;
  const hours = Math.max(MIN_WINDOW_HOURS, (f.now.getTime() - since.getTime()) / 3_600_000);
  for (const kind of resourceKinds) {
    const gain = (f.state.resources[kind] ?? 0) - (f.before.state.resources[kind] ?? 0);
    const limit = Math.round(resourceCatalogue[kind].maxGainPerHour * hours);
    if (gain > limit)
      findings.push({ rule: 'resourceGain', detail: { kind, gain, limit, hours: Number(hours.toFixed(2)) } });
  }
  const step = f.saveCount - f.before.saveCount;
  if (step > MAX_SAVE_COUNT_STEP)
    findings.push({ rule: 'saveCountJump', detail: { from: f.before.saveCount, to: f.saveCount, step } });
  if (f.deviceId !== undefined && f.deviceBound === false)
    findings.push({ rule: 'unboundDevice', detail: { deviceId: f.deviceId } });
  return findings;
}
