import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { fingerprintOf, isIncidentLevel, recordIncidents } from './incidents.js';
import { logEntries } from './tables.js';

export type LogRow = typeof logEntries.$inferInsert;

export interface LogWriterOptions {
  /** How often the buffer is written. */
  flushMs: number;
  /** A buffer this long is written at once. */
  maxBatch: number;
  /** Rows kept at most while the database is slow or down; older ones are dropped (and counted). */
  maxBuffered: number;
}

/**
 * Log entries are buffered and written in multi-row inserts off the request path: the request
 * that logs only pushes to an array. A failed write is retried with the next flush while the
 * buffer stays under `maxBuffered`; past it the oldest rows are dropped and counted (a log must
 * never take the server down with it).
 */
export class LogWriter {
  private buffer: LogRow[] = [];
  private flushing: Promise<void> | undefined;
  private incidents: Promise<void> = Promise.resolve();
  private pendingIncidents: LogRow[] = [];
  private folding = false;
  private readonly timer: NodeJS.Timeout;
  dropped = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: LogWriterOptions = { flushMs: 1000, maxBatch: 1000, maxBuffered: 50_000 },
  ) {
    this.timer = setInterval(() => void this.schedule(), opts.flushMs);
    this.timer.unref();
  }

  push(rows: LogRow[]): void {
    if (rows.length === 0) return;
    for (const r of rows) if (!r.fingerprint && isIncidentLevel(r.level)) r.fingerprint = fingerprintOf(r);
    this.buffer.push(...rows);
    const over = this.buffer.length - this.opts.maxBuffered;
    if (over > 0) {
      this.buffer.splice(0, over);
      this.dropped += over;
    }
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
        await this.db.insert(logEntries).values(rows);
        this.written += rows.length;
      } catch (err) {
        // Put them back for the next flush (bounded by maxBuffered) and stop this round.
        this.buffer.unshift(...rows);
        this.log.warn({ err }, 'log write failed');
        return;
      }
      // The entries are stored; their incidents follow off the write path, folded together
      // (a failure there loses counts, never entries).
      for (const r of rows) if (r.fingerprint) this.pendingIncidents.push(r);
      this.foldIncidents();
    }
  }

  /**
   * Fold the errors written so far into their incidents: one pass at a time, each taking every
   * error written meanwhile, so a busy log folds in large groups rather than one pass per write.
   */
  private foldIncidents(): void {
    if (this.folding || this.pendingIncidents.length === 0) return;
    const rows = this.pendingIncidents;
    this.pendingIncidents = [];
    this.folding = true;
    this.incidents = recordIncidents(this.db, rows)
      .catch((err: unknown) => this.log.warn({ err }, 'incident update failed'))
      .finally(() => {
        this.folding = false;
        this.foldIncidents();
      });
  }

  /** Write everything buffered now, and its incidents (tests, close). */
  async flush(): Promise<void> {
    await this.drain();
    while (this.folding || this.pendingIncidents.length > 0) {
      this.foldIncidents();
      await this.incidents;
    }
  }

  /** Write everything buffered now (the entries only; their incidents may still be folding). */
  async drain(): Promise<void> {
    await this.flushing;
    await this.schedule();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
