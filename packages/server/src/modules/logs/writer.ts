import type { FastifyBaseLogger } from 'fastify';
import { BufferedWriter, type BufferedWriterOptions } from '../../platform/db/buffered-writer.js';
import type { Db } from '../../platform/db/client.js';
import { fingerprintOf, isIncidentLevel, recordIncidents } from './incidents.js';
import { type LogRow, logEntries } from './tables.js';

/**
 * Game and console log entries, written off the request path by the platform's buffered writer;
 * once stored, their errors are folded into incidents, off the write path too.
 */
export class LogWriter {
  private readonly rows: BufferedWriter<LogRow>;
  private incidents: Promise<void> = Promise.resolve();
  private pendingIncidents: LogRow[] = [];
  private folding = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: BufferedWriterOptions = { flushMs: 1000, maxBatch: 1000, maxBuffered: 50_000 },
  ) {
    this.rows = new BufferedWriter(
      'log',
      (rows) => db.insert(logEntries).values(rows),
      log,
      opts,
      (rows) => {
        // The entries are stored; their incidents follow, folded together (a failure there
        // loses counts, never entries).
        for (const r of rows) if (r.fingerprint) this.pendingIncidents.push(r);
        this.foldIncidents();
      },
    );
  }

  get dropped(): number {
    return this.rows.dropped;
  }

  /** Entries the database refused for their data (dropped so the rest of their batch is stored). */
  get rejected(): number {
    return this.rows.rejected;
  }

  get written(): number {
    return this.rows.stored;
  }

  push(rows: LogRow[]): void {
    for (const r of rows) if (!r.fingerprint && isIncidentLevel(r.level)) r.fingerprint = fingerprintOf(r);
    this.rows.push(...rows);
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
  drain(): Promise<void> {
    return this.rows.flush();
  }

  async close(): Promise<void> {
    await this.rows.close();
    await this.flush();
  }
}
