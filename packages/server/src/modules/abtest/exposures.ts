import { canonicalCountry, canonicalOs } from '@rookery/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { BufferedWriter, type BufferedWriterOptions } from '../../platform/db/buffered-writer.js';
import type { Db } from '../../platform/db/client.js';
import { rewriteColumns } from '../../platform/db/data-steps.js';
import type { Exposure } from './compiled.js';
import { abExposures } from './tables.js';

export interface ExposureRecorderOptions extends BufferedWriterOptions {
  /** Players remembered as already recorded (per experiment phase), so a repeat costs no write. */
  maxSeen: number;
}

/**
 * Exposures are recorded off the config fetch: `record` only pushes to the platform's buffered
 * writer (never awaits the database), which writes multi-row `insert … on conflict do nothing`
 * statements, so the first exposure of a player in a phase is kept and repeats cost nothing but
 * a set lookup. The set of recent players is bounded (cleared when full: a repeat then meets the
 * key).
 */
export class ExposureRecorder {
  private readonly rows: BufferedWriter<typeof abExposures.$inferInsert>;
  private seen = new Set<string>();

  constructor(
    db: Db,
    log: FastifyBaseLogger,
    private readonly opts: ExposureRecorderOptions = {
      flushMs: 250,
      maxBatch: 500,
      maxBuffered: 50_000,
      maxSeen: 500_000,
    },
  ) {
    this.rows = new BufferedWriter(
      'exposure',
      (rows) => db.insert(abExposures).values(rows).onConflictDoNothing(),
      log,
      opts,
    );
  }

  get dropped(): number {
    return this.rows.dropped;
  }

  get written(): number {
    return this.rows.stored;
  }

  record(e: Exposure): void {
    const id = `${e.experiment}\u0000${e.phase}\u0000${e.userId}`;
    if (this.seen.has(id)) return;
    if (this.seen.size >= this.opts.maxSeen) this.seen.clear();
    this.seen.add(id);
    this.rows.push(e);
  }

  /** Write everything buffered now (tests, close). */
  flush(): Promise<void> {
    return this.rows.flush();
  }

  /** Forget who was recorded (a test that empties the table records again). */
  forget(): void {
    this.seen.clear();
  }

  close(): Promise<void> {
    return this.rows.close();
  }
}

/**
 * Exposures keep the player's os and country of the moment (the results' segments): those
 * recorded before logins stored them canonical are made canonical once (`src/data-steps.ts`), so a
 * running experiment's segments do not split in two (`iOS` and `ios`).
 */
export const canonicaliseExposureAttributes = (db: Db) =>
  rewriteColumns(db, {
    table: 'ab_exposures',
    columns: [
      { column: 'os', to: canonicalOs },
      { column: 'country', to: canonicalCountry },
    ],
  });
