import type { Db } from './client.js';

/**
 * In-process side of the change notices. `notifyChange` reaches every instance through
 * PostgreSQL, but asynchronously; the registrar also announces a committed change here at once,
 * so the next request to this process already sees it. Keyed by the base database, so test apps
 * on separate databases in one process do not share listeners.
 */
const listeners = new WeakMap<Db, Map<string, Set<() => void>>>();

export function onCommittedChange(db: Db, channel: string, fn: () => void): () => void {
  let byChannel = listeners.get(db);
  if (!byChannel) {
    byChannel = new Map();
    listeners.set(db, byChannel);
  }
  const set = byChannel.get(channel) ?? new Set();
  byChannel.set(channel, set.add(fn));
  return () => set.delete(fn);
}

/** Call after the transaction that sent `notifyChange(tx, channel)` committed. */
export function announceCommittedChange(db: Db, channel: string): void {
  for (const fn of listeners.get(db)?.get(channel) ?? []) fn();
}
