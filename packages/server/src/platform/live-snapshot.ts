import { announceCommittedChange, onCommittedChange } from './db/changes.js';
import type { Database, Db } from './db/client.js';

/**
 * Something compiled from the database once per change and kept per process: the live mails,
 * the content the game reads. A change notice on any of its channels (sent by a committed
 * mutation in this process or any other instance, or a reconnect of the listener) drops it; the
 * next read compiles it again. Reads answer from memory in between.
 */
export class LiveSnapshot<T> {
  private value: T | null = null;
  /** Bumped by every change; a load that overlapped a change is used once and not kept. */
  private gen = 0;
  private loading: Promise<T> | null = null;
  private loadingDb: Db | null = null;
  private readonly dropped = new Set<() => void>();

  constructor(private readonly compile: (db: Db) => Promise<T>) {}

  /** Changes so far: something derived from the snapshot is current while this is unchanged. */
  get generation(): number {
    return this.gen;
  }

  /** Run `fn` whenever the snapshot is dropped (for caches derived from it). */
  onInvalidate(fn: () => void): void {
    this.dropped.add(fn);
  }

  invalidate(): void {
    this.gen += 1;
    this.value = null;
    this.loading = null;
    this.loadingDb = null;
    for (const fn of this.dropped) fn();
  }

  /**
   * The compiled value, read through `db` when not compiled yet (inside a mutation pass the
   * transaction: on PGlite the base connection waits for it).
   */
  get(db: Db): T | Promise<T> {
    return this.value ?? this.load(db);
  }

  private load(db: Db): Promise<T> {
    // Share a load only with callers on the same connection: a transaction must never wait on a
    // load queued behind it on the base connection (on PGlite that waits forever).
    if (this.loading && this.loadingDb === db) return this.loading;
    const generation = this.gen;
    const loading = this.compile(db)
      .then((value) => {
        if (generation === this.gen) this.value = value;
        return value;
      })
      .finally(() => {
        if (this.loading === loading) {
          this.loading = null;
          this.loadingDb = null;
        }
      });
    if (!this.loading) {
      this.loading = loading;
      this.loadingDb = db;
    }
    return loading;
  }
}

/**
 * Drop `snapshot` whenever a change is announced on one of `channels`: at once for a mutation
 * of this process (`announceCommittedChange`), through LISTEN/NOTIFY for the others.
 */
export async function followChanges(database: Database, channels: readonly string[], snapshot: LiveSnapshot<unknown>) {
  for (const channel of channels) {
    onCommittedChange(database.db, channel, () => snapshot.invalidate());
    await database.listen(channel, () => snapshot.invalidate());
  }
}

/** Tell this process's snapshots at once that `channels` changed (after the notifying transaction committed). */
export function announceChanges(db: Db, channels: readonly string[] | undefined): void {
  for (const channel of channels ?? []) announceCommittedChange(db, channel);
}
