import { eq } from 'drizzle-orm';
import type { ServiceClock } from './clock.js';
import { announceCommittedChange, onCommittedChange } from './db/changes.js';
import { type Database, type Db, notifyChange } from './db/client.js';
import { serverSettings } from './db/tables.js';

/**
 * The clock's offset from the wall clock is one setting of the deployment, not of a process: it is
 * stored once (`server_settings`) and every instance follows it through the change channel, so a
 * test deployment moved a day ahead is a day ahead on every pod at once.
 */
export const CLOCK_OFFSET_KEY = 'clockOffsetMs';
/** The change channel an offset change is announced on (an endpoint that sets it declares it in `notifies`). */
export const clockOffsetChannel = 'clock_offset';

/** The largest offset accepted either way: ten years. */
export const MAX_CLOCK_OFFSET_MS = 10 * 365 * 24 * 3_600_000;

export async function readClockOffset(db: Db): Promise<number> {
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, CLOCK_OFFSET_KEY));
  const value = row?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Store the offset inside the caller's transaction and notify every instance when it commits (the
 * caller announces `clockOffsetChannel` to this process after the commit, as the endpoint registry
 * does for `notifies`). Returns the offset before and after, for the caller's audit record.
 */
export async function writeClockOffset(
  tx: Db,
  offsetMs: number,
  now: Date,
): Promise<{ before: number; after: number }> {
  if (!Number.isSafeInteger(offsetMs) || Math.abs(offsetMs) > MAX_CLOCK_OFFSET_MS)
    throw new RangeError(`clock offset must be a whole number of milliseconds within ±${MAX_CLOCK_OFFSET_MS}`);
  const before = await readClockOffset(tx);
  await tx
    .insert(serverSettings)
    .values({ key: CLOCK_OFFSET_KEY, value: offsetMs, updatedAt: now })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: offsetMs, updatedAt: now } });
  await notifyChange(tx, clockOffsetChannel);
  return { before, after: offsetMs };
}

/** The clocks of this process following the offset stored in a database. */
const followers = new WeakMap<Db, Set<ServiceClock>>();

/**
 * Set the deployment's clock offset in its own transaction. This process's clocks run at it when
 * this resolves; the other instances follow through the change channel.
 */
export async function setClockOffset(db: Db, offsetMs: number, now: Date): Promise<{ before: number; after: number }> {
  const change = await db.transaction((tx) => writeClockOffset(tx, offsetMs, now));
  for (const clock of followers.get(db) ?? []) clock.useOffset(offsetMs);
  announceCommittedChange(db, clockOffsetChannel);
  return change;
}

/**
 * Make `clock` run at the stored offset now and after every change, from this process or another
 * instance. Any notice (a reconnect of the listener sends an empty one) re-reads the setting. A
 * clock stopped by a test stays stopped: the offset applies when it runs again.
 */
export async function followClockOffset(database: Database, clock: ServiceClock): Promise<void> {
  let reading = Promise.resolve();
  const reload = () => {
    reading = reading
      .then(async () => clock.useOffset(await readClockOffset(database.db)))
      .catch(() => {
        // The database is away: keep the last offset; the listener's reconnect notice re-reads it.
      });
  };
  followers.set(database.db, (followers.get(database.db) ?? new Set()).add(clock));
  onCommittedChange(database.db, clockOffsetChannel, reload);
  await database.listen(clockOffsetChannel, reload);
  clock.useOffset(await readClockOffset(database.db));
}
