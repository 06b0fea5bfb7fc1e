import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { Exposure } from './compiled.js';
import { abExposures } from './tables.js';

export interface ExposureRecorderOptions {
  flushMs: number;
  maxBatch: number;
  /** Exposures kept at most while the database is slow or down; past it new ones are dropped (and counted). */
  maxBuffered: number;
  /** Players remembered as already recorded (per experiment phase), so a repeat costs no write. */
  maxSeen: number;
}

/**
 * Exposures are recorded off the config fetch: `record` only pushes to an array (never awaits
 * the database), and a timer writes the buffer in multi-row `insert … on conflict do nothing`
 * statements, so the first exposure of a player in a phase is kept and repeats cost nothing but
 * a set lookup. The set of recent players is bounded (cleared when full: a repeat then meets the
 * key). A failed write is retried with the next flush while the buffer stays under its bound.
 */
export class ExposureRecorder {
  private buffer: (typeof abExposures.$inferInsert)[] = [];
  private seen = new Set<string>();
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  dropped = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: ExposureRecorderOptions = {
      flushMs: 250,
      maxBatch: 500,
      maxBuffered: 50_000,
      maxSeen: 500_000,
    },
  ) {
    this.timer = setInterval(() => void this.schedule(), opts.flushMs);
    this.timer.unref();
  }

  record(e: Exposure): void {
    const id = `${e.experiment}\u0000${e.phase}\u0000${e.userId}`;
    if (this.seen.has(id)) return;
    if (this.buffer.length >= this.opts.maxBuffered) {
      this.dropped += 1;
      return;
    }
    if (this.seen.size >= this.opts.maxSeen) this.seen.clear();
    this.seen.add(id);
    this.buffer.push(e);
    if (this.buffer.length >= this.opts.maxBatch) void this.schedule();
  }

  private schedule(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length > 0) {
      const rows = this.buffer.splice(0, this.opts.maxBatch);
      try {
        await this.db.insert(abExposures).values(rows).onConflictDoNothing();
        this.written += rows.length;
      } catch (err) {
        this.buffer.unshift(...rows);
        this.log.warn({ err }, 'exposure write failed');
        return;
      }
    }
  }

  /** Write everything buffered now (tests, close). */
  async flush(): Promise<void> {
    await this.flushing;
    await this.schedule();
  }

  /** Forget who was recorded (a test that empties the table records again). */
  forget(): void {
    this.seen.clear();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
