import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorCode, loggableError } from './errors.js';

export interface BufferedWriterOptions {
  /** How often the buffer is written. */
  flushMs: number;
  /** Rows per statement; a buffer this long is written at once. */
  maxBatch: number;
  /** Rows kept at most while the database is slow or down; past it the oldest are dropped (and counted). */
  maxBuffered: number;
}

/**
 * Rows written off the request path (access log, game logs, A/B exposures): `push` only appends
 * to an array; a timer, or a full batch, writes the buffer in multi-row statements, one write at
 * a time. A write that fails because the database is away (or any other reason not tied to the
 * rows) puts its rows back for the next flush while the buffer stays under `maxBuffered`; past it
 * the oldest rows are dropped and counted — a record must never take the server down with it.
 * A write refused for its data (a value PostgreSQL cannot store, a constraint) is split in halves
 * until the refused rows are found: they are dropped and counted (`rejected`), the rest stored —
 * one bad row must never hold back every row after it. `written(rows)` follows each stored batch
 * (a log's incidents). A failed write's log line names the error, never the rows' values.
 */
export class BufferedWriter<Row> {
  private buffer: Row[] = [];
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  /** Rows dropped because the buffer was full. */
  dropped = 0;
  /** Rows stored. */
  stored = 0;
  /** Rows the database refused for their data (dropped so the others are stored). */
  rejected = 0;

  constructor(
    /** What the rows are, for the log line of a failed write. */
    private readonly name: string,
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: BufferedWriterOptions,
    private readonly written?: (rows: Row[]) => void,
  ) {
    this.timer = setInterval(() => void this.schedule(), opts.flushMs);
    this.timer.unref();
  }

  push(...rows: Row[]): void {
    if (rows.length === 0) return;
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
      let stored: Row[];
      try {
        stored = await this.writeSeparatingBadRows(rows);
      } catch (err) {
        // Back for the next flush (bounded by maxBuffered); this round stops.
        this.buffer.unshift(...rows);
        const over = this.buffer.length - this.opts.maxBuffered;
        if (over > 0) {
          this.buffer.splice(0, over);
          this.dropped += over;
        }
        this.log.warn({ err: describeWriteError(err), rows: rows.length }, `${this.name} write failed`);
        return;
      }
      this.stored += stored.length;
      if (stored.length) this.written?.(stored);
    }
  }

  /**
   * Write `rows`; when the database refuses them for their data, write each half on its own, down
   * to the single rows it refuses, which are dropped and counted. Any other failure is thrown
   * (the caller keeps every row for the next flush). Returns the rows stored.
   */
  private async writeSeparatingBadRows(rows: Row[]): Promise<Row[]> {
    try {
      await this.write(rows);
      return rows;
    } catch (err) {
      if (!isDataError(err)) throw err;
      if (rows.length === 1) {
        this.rejected += 1;
        this.log.warn({ err: describeWriteError(err) }, `${this.name}: a row the database refused was dropped`);
        return [];
      }
      const half = Math.ceil(rows.length / 2);
      // Halves written one after the other: the first half's rows stay before the second's.
      const first = await this.writeSeparatingBadRows(rows.slice(0, half));
      const second = await this.writeSeparatingBadRows(rows.slice(half));
      return [...first, ...second];
    }
  }

  /** Write everything buffered now (tests, close). */
  async flush(): Promise<void> {
    await this.flushing;
    await this.schedule();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * Whether PostgreSQL refused a statement for the values in it rather than for the connection or
 * the statement itself: SQLSTATE class 22 (data exception: a NUL, broken UTF-16, a number out of
 * range), 23 (a constraint) and 54 (a value over a limit, such as an index row).
 */
export function isDataError(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return !!code && /^(22|23|54)/.test(code);
}

/**
 * A failed write as a log line may show it: the driver's message and SQLSTATE only. Drizzle's
 * error repeats the statement with its parameters — the rows' values — so it is never logged.
 */
export function describeWriteError(error: unknown): { type: string; message: string; code?: string } {
  const { type, message, code } = loggableError(error);
  return { type, message: message.slice(0, 300), ...(code ? { code } : {}) };
}
