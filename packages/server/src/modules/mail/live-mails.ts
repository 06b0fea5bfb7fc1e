import { type ConditionAttribute, compileConditions, type PlayerAttributes } from '@rookery/contracts';
import { and, desc, gt, inArray, isNull } from 'drizzle-orm';
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

/** The live mails as loaded: per scope, globals newest first, and what their conditions read. */
interface LiveSet {
  global: LiveMail[];
  comeback: LiveMail[];
  globalIds: Set<number>;
  /** The attributes some global mail's rules read: only they tell players apart. */
  read: ConditionAttribute[];
  /** Player attribute values → the global mails whose conditions they pass. */
  matches: Map<string, LiveMail[]>;
}

/** Distinct attribute combinations whose global-mail matches are kept per process (a few KB each). */
const MAX_KEPT_MATCHES = 5_000;

/**
 * The global and comeback mails that are scheduled or active, compiled once per change and kept
 * per process, so a mailbox fetch evaluates conditions in memory instead of reading the mails
 * table; also the other mails mailboxes show, by id. Players with the same attribute values pass
 * the same conditions, so the matching global mails are kept per attribute combination. A change
 * (create, edit, recall) marks all of it stale in this process after the change commits, and in
 * every other process through the change notice.
 */
export class LiveMailBook {
  private set: LiveSet | null = null;
  /** Bumped by every change; a load that overlapped a change is used once and not kept. */
  private generation = 0;
  private loading: Promise<LiveSet> | null = null;
  private loadingDb: Db | null = null;
  /** Mails read by id (personal and comeback copies in mailboxes), kept until the next change. */
  private rows = new Map<number, MailRow>();

  invalidate(): void {
    this.generation += 1;
    this.set = null;
    this.loading = null;
    this.loadingDb = null;
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
    return (this.set ?? (await this.load(db)))[scope];
  }

  async liveGlobalIds(db: Db): Promise<ReadonlySet<number>> {
    return (this.set ?? (await this.load(db))).globalIds;
  }

  /** The live global mails (newest first, any time window) whose conditions pass these attributes. */
  async globalsFor(db: Db, attrs: PlayerAttributes, now: number): Promise<LiveMail[]> {
    const set = this.set ?? (await this.load(db));
    const compute = () => set.global.filter((m) => m.matches(attrs, now));
    // An absolute last-login time rarely repeats, and days away derived from the clock (not given)
    // change with time: evaluate those players directly.
    const derivedDays = attrs.notLoginDays == null && attrs.lastLogin != null && set.read.includes('notLoginDays');
    if (set.read.includes('lastLogin') || derivedDays) return compute();
    const key = JSON.stringify(set.read.map((attr) => attrs[attr] ?? null));
    let found = set.matches.get(key);
    if (!found) {
      found = compute();
      if (set.matches.size >= MAX_KEPT_MATCHES) set.matches.clear();
      set.matches.set(key, found);
    }
    return found;
  }

  private load(db: Db): Promise<LiveSet> {
    // Share a load only with callers on the same connection: a transaction must never wait on a
    // load queued behind it on the base connection (on PGlite that waits forever).
    if (this.loading && this.loadingDb === db) return this.loading;
    const generation = this.generation;
    const loading = db
      .select()
      .from(mails)
      .where(
        and(inArray(mails.scope, ['global', 'comeback']), isNull(mails.recalledAt), gt(mails.expireAt, new Date())),
      )
      .orderBy(desc(mails.effectiveAt), desc(mails.id))
      .then((rows) => {
        const compiled = rows.map((row) => ({
          row,
          matches: compileConditions(row.conditions),
          effectiveMs: row.effectiveAt.getTime(),
          expireMs: row.expireAt.getTime(),
        }));
        const global = compiled.filter((m) => m.row.scope === 'global');
        const set: LiveSet = {
          global,
          comeback: compiled.filter((m) => m.row.scope === 'comeback'),
          globalIds: new Set(global.map((m) => m.row.id)),
          read: [...new Set(global.flatMap((m) => m.row.conditions.map((c) => c.attr)))],
          matches: new Map(),
        };
        if (generation === this.generation) this.set = set;
        return set;
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
