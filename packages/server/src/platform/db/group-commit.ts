import type { Db } from './client.js';

/** What a batch says of one of its items: its answer, or the error its caller gets. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/** Batches in flight at once by engine: one on PGlite's one connection, a few on PostgreSQL. */
export const GROUP_COMMIT_IN_FLIGHT = { pglite: 1, postgres: 2 } as const;
export type GroupCommitEngine = keyof typeof GROUP_COMMIT_IN_FLIGHT;

export interface GroupCommitOptions<I, O> {
  /** Items of one key (a player) never share a batch: the second waits for the next. */
  keyOf: (item: I) => string | number;
  /**
   * The batch's work on the base database, with an outcome per item in order. Its writes must
   * commit or roll back as a unit (one statement, or a transaction it opens). An item refused on
   * its own (no chest held) is an outcome, not a throw; a throw means nothing was written, and
   * each item is then run alone.
   */
  runBatch: (db: Db, items: readonly I[]) => Promise<Outcome<O>[]>;
  /** One item alone, in a transaction of its own: a batch of one, and the fall-back. */
  runOne: (db: Db, item: I) => Promise<O>;
  /** Transactions at once: 1 on PGlite (one connection), a few on PostgreSQL. */
  maxInFlight: number;
  /** Items per transaction. */
  maxBatch?: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for a hot game write (a chest open, a battle-pass claim): the calls that arrive
 * together share a few statements over all of them, instead of a transaction and its statements
 * each. What each caller gets is what it would have got alone:
 * its own answer or its own refusal, and a batch that fails is run again item by item.
 */
export class GroupCommit<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Transactions sent, the items they carried, and those run again alone after a batch failed. */
  readonly sent = { batches: 0, items: 0, retriedAlone: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: GroupCommitOptions<I, O>,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  /**
   * Send what waits after the current turn of the event loop, so that calls arriving together
   * share a batch; the waiting calls are split evenly over the free transactions.
   */
  private pump() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const maxBatch = this.options.maxBatch ?? 32;
      while (this.waiting.length > 0 && this.inFlight < this.options.maxInFlight) {
        const share = Math.min(maxBatch, Math.ceil(this.waiting.length / (this.options.maxInFlight - this.inFlight)));
        const batch = this.take(share);
        this.inFlight += 1;
        void this.send(batch).finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
      }
    });
  }

  /** Up to `size` waiting calls of distinct keys, oldest first; the others keep their place. */
  private take(size: number): Waiting<I, O>[] {
    const keys = new Set<string | number>();
    const batch: Waiting<I, O>[] = [];
    for (let i = 0; i < this.waiting.length && batch.length < size; ) {
      const key = this.options.keyOf(this.waiting[i].item);
      if (keys.has(key)) {
        i += 1;
        continue;
      }
      keys.add(key);
      batch.push(...this.waiting.splice(i, 1));
    }
    return batch;
  }

  private async send(batch: Waiting<I, O>[]) {
    this.sent.batches += 1;
    this.sent.items += batch.length;
    const alone = async (w: Waiting<I, O>) => {
      try {
        w.resolve(await this.options.runOne(this.db, w.item));
      } catch (error) {
        w.reject(error);
      }
    };
    if (batch.length === 1) return alone(batch[0]);
    let outcomes: Outcome<O>[];
    try {
      outcomes = await this.options.runBatch(
        this.db,
        batch.map((w) => w.item),
      );
    } catch {
      // One item's failure (or a deadlock) wrote nothing: each runs again alone.
      this.sent.retriedAlone += batch.length;
      for (const w of batch) await alone(w);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
  }
}
