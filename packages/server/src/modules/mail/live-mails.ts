import {
  type ConditionAttribute,
  compileConditions,
  mailChangeChannel,
  type PlayerAttributes,
} from '@rookery/contracts';
import { and, desc, gt, inArray, isNull } from 'drizzle-orm';
import { type Clock, ServiceClock } from '../../platform/clock.js';
import type { Database, Db } from '../../platform/db/client.js';
import { followChanges, LiveSnapshot } from '../../platform/live-snapshot.js';
import { mails } from './tables.js';

export type MailRow = typeof mails.$inferSelect;

/** The notice channel a mail change sends (the mail endpoints' `notifies`): every process drops its compiled live mails. */
export const MAIL_CHANGED = mailChangeChannel;

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
  /** The live global and comeback mails, compiled once per change. */
  private readonly snapshot: LiveSnapshot<LiveSet>;
  /** Mails read by id (personal and comeback copies in mailboxes), kept until the next change. */
  private rows = new Map<number, MailRow>();

  /** `clock`: the service clock (which mails have expired when the set is compiled). */
  constructor(clock: Clock = new ServiceClock()) {
    this.snapshot = new LiveSnapshot((db) => compileLiveSet(db, clock.now()));
    this.snapshot.onInvalidate(() => this.rows.clear());
  }

  /** What follows the change notices (`followChanges`). */
  get changes(): LiveSnapshot<unknown> {
    return this.snapshot;
  }

  invalidate(): void {
    this.snapshot.invalidate();
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
    const generation = this.snapshot.generation;
    const rows = await db.select().from(mails).where(inArray(mails.id, missing));
    if (this.rows.size + rows.length > MAX_KEPT_ROWS) this.rows.clear();
    for (const row of rows) {
      out.set(row.id, row);
      if (generation === this.snapshot.generation) this.rows.set(row.id, row);
    }
    return out;
  }

  /**
   * The live mails of a scope, read through `db` when not compiled yet (inside a mutation pass
   * the transaction: on PGlite the base connection waits for it).
   */
  async live(db: Db, scope: 'global' | 'comeback'): Promise<LiveMail[]> {
    return (await this.snapshot.get(db))[scope];
  }

  async liveGlobalIds(db: Db): Promise<ReadonlySet<number>> {
    return (await this.snapshot.get(db)).globalIds;
  }

  /** The live global mails (newest first, any time window) whose conditions pass these attributes. */
  async globalsFor(db: Db, attrs: PlayerAttributes, now: number): Promise<LiveMail[]> {
    const set = await this.snapshot.get(db);
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
}

/** Load and compile the global and comeback mails that are scheduled or active. */
async function compileLiveSet(db: Db, now: Date): Promise<LiveSet> {
  const rows = await db
    .select()
    .from(mails)
    .where(and(inArray(mails.scope, ['global', 'comeback']), isNull(mails.recalledAt), gt(mails.expireAt, now)))
    .orderBy(desc(mails.effectiveAt), desc(mails.id));
  const compiled = rows.map((row) => ({
    row,
    matches: compileConditions(row.conditions),
    effectiveMs: row.effectiveAt.getTime(),
    expireMs: row.expireAt.getTime(),
  }));
  const global = compiled.filter((m) => m.row.scope === 'global');
  return {
    global,
    comeback: compiled.filter((m) => m.row.scope === 'comeback'),
    globalIds: new Set(global.map((m) => m.row.id)),
    read: [...new Set(global.flatMap((m) => m.row.conditions.map((c) => c.attr)))],
    matches: new Map(),
  };
}

/** One book per database, so test apps on separate databases in one process do not share it. */
const books = new WeakMap<Database, LiveMailBook>();

export async function liveMailBook(database: Database, clock: Clock): Promise<LiveMailBook> {
  let book = books.get(database);
  if (!book) {
    const created = new LiveMailBook(clock);
    books.set(database, created);
    book = created;
    await followChanges(database, [MAIL_CHANGED], created.changes);
  }
  return book;
}
