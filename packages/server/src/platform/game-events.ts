import type { Db } from './db/client.js';

/** One event the game reported for a player (`POST /api/game/v1/players/{userId}/events`). */
export interface ReportedEvent {
  name: string;
  value: number | null;
  at: Date;
}

/**
 * What an area does with the events a player's game reports (battle-pass XP, a piggy bank's
 * fill), run in the report's transaction after the events are stored: a listener that throws
 * refuses the whole report, so nothing is counted half.
 */
export type GameEventListener = (db: Db, userId: number, events: readonly ReportedEvent[], now: Date) => Promise<void>;

const listeners = new Map<string, GameEventListener>();

/**
 * Listen to the reported events under a name (the area's): registering the name again replaces
 * its listener, so two app instances in one process count an event once.
 */
export function onGameEvents(name: string, listener: GameEventListener) {
  listeners.set(name, listener);
}

/** Run every listener on a report, in registration order. */
export async function dispatchGameEvents(db: Db, userId: number, events: readonly ReportedEvent[], now: Date) {
  for (const listener of listeners.values()) await listener(db, userId, events, now);
}
