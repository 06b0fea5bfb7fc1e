import type { FastifyBaseLogger } from 'fastify';

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
 * a time. A failed write puts its rows back for the next flush while the buffer stays under
 * `maxBuffered`; past it the oldest rows are dropped and counted — a record must never take the
 * server down with it. `written(rows)` follows each stored batch (a log's incidents).
 */
export class BufferedWriter<Row> {
  private buffer: Row[] = [];
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  /** Rows dropped because the buffer was full. */
  dropped = 0;
  /** Rows stored. */
  stored = 0;

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
      try {
        await this.write(rows);
        this.stored += rows.length;
      } catch (err) {
        // Back for the next flush (bounded by maxBuffered); this round stops.
        this.buffer.unshift(...rows);
        const over = this.buffer.length - this.opts.maxBuffered;
        if (over > 0) {
          this.buffer.splice(0, over);
          this.dropped += over;
        }
        this.log.warn({ err }, `${this.name} write failed`);
        return;
      }
      this.written?.(rows);
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
