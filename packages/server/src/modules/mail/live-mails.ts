import { compileConditions, type PlayerAttributes } from '@rookery/contracts';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/client.js';
import { mails } from './tables.js';

export type MailRow = typeof mails.$inferSelect;

/** The notice channel a mail change sends: every process drops its compiled live mails. */
export const MAIL_CHANGED = 'rookery_mail_changed';

/** Mail rows kept by id per process; beyond this the memory is cleared and refilled on demand. */
const MAX_KEPT_ROWS = 50_000;

export interface LiveMail {
  row: MailRow;
  matches: (attrs: PlayerAttributes, now: number) => boolean;
  effectiveMs: number;
  expireMs: number;
}

/**
 * The global and comeback mails that are scheduled or active, compiled once per change and kept
 * per process, so a mailbox fetch evaluates conditions in memory instead of reading the mails
 * table; also the other mails mailboxes show, by id. A change (create, edit, recall) marks them stale in this process after the change
 * commits, and in every other process through the change notice.
 */
export class LiveMailBook {
  private mails: LiveMail[] | null = null;
  /** Bumped by every change; a load that overlapped a change is used once and not kept. */
  private generation = 0;
  private loading: Promise<LiveMail[]> | null = null;
  /** Mails read by id (personal and comeback copies in mailboxes), kept until the next change. */
  private rows = new Map<number, MailRow>();

  invalidate(): void {
    this.generation += 1;
    this.mails = null;
    this.loading = null;
    this.rows.clear();
  }

  /** Mails by id, from memory where possible: a mailbox shows the same personal mails to many players. */
  async mailRows(db: Db, ids: Iterable<number>): Promise<Map<number, MailRow>> {
    const out = new Map<number, MailRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) out.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const generation = this.generation;
    const rows = await db.select().from(mails).where(inArray(mails.id, missing));
    if (this.rows.size + rows.length > MAX_KEPT_ROWS) this.rows.clear();
    for (const row of rows) {
      out.set(row.id, row);
      if (generation === this.generation) this.rows.set(row.id, row);
    }
    return out;
  }

  /**
   * The live mails of a scope, read through `db` when not compiled yet (inside a mutation pass
   * the transaction: on PGlite the base connection waits for it).
   */
  async live(db: Db, scope: 'global' | 'comeback'): Promise<LiveMail[]> {
    const all = this.mails ?? (await this.load(db));
    return all.filter((m) => m.row.scope === scope);
  }

  private load(db: Db): Promise<LiveMail[]> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = db
      .select()
      .from(mails)
      .where(
        and(inArray(mails.scope, ['global', 'comeback']), isNull(mails.recalledAt), gt(mails.expireAt, new Date())),
      )
      .orderBy(mails.id)
      .then((rows) => {
        const compiled = rows.map((row) => ({
          row,
          matches: compileConditions(row.conditions),
          effectiveMs: row.effectiveAt.getTime(),
          expireMs: row.expireAt.getTime(),
        }));
        if (generation === this.generation) this.mails = compiled;
        return compiled;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }
}

/** One book per database, so test apps on separate databases in one process do not share it. */
const books = new WeakMap<Database, LiveMailBook>();

export async function liveMailBook(database: Database): Promise<LiveMailBook> {
  let book = books.get(database);
  if (!book) {
    const created = new LiveMailBook();
    books.set(database, created);
    book = created;
    await database.listen(MAIL_CHANGED, () => created.invalidate());
  }
  return book;
}
