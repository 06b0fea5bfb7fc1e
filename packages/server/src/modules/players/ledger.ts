import { DAY_MS, type LedgerSource, type PlayerState } from '@rookery/contracts';
import { desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Registry } from 'prom-client';
import client from 'prom-client';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { keysetPaginate } from '../../platform/db/paginate.js';
import { dayStart } from '../../platform/db/partitions.js';
import { AppError } from '../../platform/http/errors.js';
import { sharedRead } from '../../platform/http/metrics.js';
import { defineJob } from '../../platform/jobs/define.js';
import { ledgerChecks, resourceLedger } from './tables.js';

/**
 * The resource ledger (issue 42 item 6; decision 2026-11-28-resource-ledger): every change of a
 * player's resources is one row per resource changed, written in the transaction of the change.
 *  - `apply_rewards` (SQL, the one reward path: mail claims, gift codes, purchases, console grants)
 *    writes its rows itself, source from its arguments;
 *  - every other writer calls `recordLedger` with the resources before and after (the SQL function
 *    `ledger_record` underneath): console actions, game saves, first logins, the refund take-back.
 * `checkLedger` (the daily job) compares, for the players changed on a day, each resource's
 * ledger sum with its balance; the drift goes to the job's result, `ledger_checks` and `/metrics`.
 */

export type Resources = PlayerState['resources'] | Record<string, unknown> | null | undefined;

/** What changed the resources: a source kind (contracts `ledgerSources`) and what it names. */
export interface LedgerWriteSource {
  type: LedgerSource;
  id?: string | number | null;
}

const amountOf = (r: Resources, kind: string): number => {
  const v = (r as Record<string, unknown> | null | undefined)?.[kind];
  return typeof v === 'number' ? v : 0;
};

/** The kinds whose amount differs between the two (a missing kind is 0). */
export function changedKinds(before: Resources, after: Resources): string[] {
  const kinds = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...kinds].filter((k) => amountOf(before, k) !== amountOf(after, k));
}

/**
 * THE ledger write for a change of one player's resources outside `apply_rewards`: one row per
 * resource whose amount differs between `before` and `after` (delta, balance after), with its
 * source, in the caller's transaction (`db` is the transaction). Nothing is written (and no round
 * trip made) when nothing changed. Answers the rows written.
 */
export async function recordLedger(
  db: Db,
  userId: number,
  before: Resources,
  after: Resources,
  source: LedgerWriteSource,
  now: Date,
): Promise<number> {
  if (changedKinds(before, after).length === 0) return 0;
  const result = (await db.execute(
    sql`select ledger_record(${userId}::bigint, ${JSON.stringify(before ?? {})}::jsonb,
      ${JSON.stringify(after ?? {})}::jsonb, ${source.type}, ${source.id == null ? null : String(source.id)},
      ${now}::timestamptz) as n`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** A page of the player's ledger, newest first by (at, id), filtered by resource, source and time. */
export async function listPlayerLedger(
  db: Db,
  q: {
    userId: number;
    kind?: string;
    source?: string;
    start?: string;
    end?: string;
    cursor?: string;
    pageSize: number;
  },
) {
  const start = q.start ? new Date(q.start) : undefined;
  const end = q.end ? new Date(q.end) : undefined;
  if (start && end && end.getTime() <= start.getTime()) throw new AppError(400, 'ledger.windowOrder');
  const filters: (SQL | undefined)[] = [
    eq(resourceLedger.userId, q.userId),
    q.kind ? eq(resourceLedger.kind, q.kind) : undefined,
    q.source ? eq(resourceLedger.source, q.source) : undefined,
    start ? gte(resourceLedger.at, start) : undefined,
    end ? lt(resourceLedger.at, end) : undefined,
  ];
  const page = await keysetPaginate(db, {
    from: resourceLedger,
    filters,
    time: resourceLedger.at,
    id: resourceLedger.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
  });
  return { list: page.rows, nextCursor: page.nextCursor };
}

export interface LedgerDrift {
  userId: number;
  kind: string;
  /** The player's amount now. */
  balance: number;
  /** The sum of the ledger's deltas. */
  ledger: number;
}

/** Drifts kept in a check's row and result (the count is exact). */
export const DRIFT_KEPT = 1000;

/** The drift check's one statement (see `findLedgerDrift`). */
export function ledgerDriftStatement(day: Date): SQL {
  const from = dayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  return sql`
    with changed as materialized (
      select user_id from resource_ledger where at >= ${from}::timestamptz and at < ${to}::timestamptz
      union
      select id from players where updated_at >= ${from}::timestamptz and updated_at < ${to}::timestamptz),
    sums as (
      select l.user_id, l.kind, sum(l.delta) as s from resource_ledger l join changed c on c.user_id = l.user_id
      group by 1, 2),
    balances as (
      select p.id as user_id, r.key as kind,
        case when jsonb_typeof(r.value) = 'number' then (r.value #>> '{}')::numeric else 0 end as b
      from players p join changed c on c.user_id = p.id
      cross join lateral jsonb_each(coalesce(p.state->'resources', '{}'::jsonb)) r),
    drift as (
      select coalesce(s.user_id, b.user_id) as user_id, coalesce(s.kind, b.kind) as kind,
        coalesce(b.b, 0) as balance, coalesce(s.s, 0) as ledger
      from sums s full join balances b on b.user_id = s.user_id and b.kind = s.kind
      where coalesce(s.s, 0) <> coalesce(b.b, 0))
    select (select count(*) from changed)::int as checked,
      (select count(distinct user_id) from drift)::int as players,
      (select count(*) from drift)::int as rows,
      (select coalesce(jsonb_agg(d), '[]'::jsonb) from (
        select user_id as "userId", kind, balance::float8 as balance, ledger::float8 as ledger
        from drift order by user_id, kind limit ${DRIFT_KEPT}) d) as drift`;
}

/**
 * The drift check of one UTC day: the players changed that day (a ledger row that day, or their
 * row's last change that day) have, for every resource, ledger sum = balance. One statement: the
 * sums per (player, kind) read the (user_id, kind, delta) index; the balances come from the
 * players' documents. Answers the players checked and the drift found (kept up to DRIFT_KEPT).
 */
export async function findLedgerDrift(
  db: Db,
  day: Date,
): Promise<{ checkedPlayers: number; driftPlayers: number; driftRows: number; drift: LedgerDrift[] }> {
  // Without JIT: the planner's estimates of the changed set are far above the truth (a union's
  // distinct count), and compiling the plan cost more than half the check at 200,000 players.
  const result = (await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(ledgerDriftStatement(day));
  })) as unknown as {
    rows: { checked: number; players: number; rows: number; drift: LedgerDrift[] }[];
  };
  const [r] = result.rows;
  return { checkedPlayers: r.checked, driftPlayers: r.players, driftRows: r.rows, drift: r.drift };
}

/** Run the check of `day` and keep its outcome (the metrics and the jobs page read it). */
export async function checkLedger(db: Db, day: Date, now: Date) {
  const found = await findLedgerDrift(db, day);
  await db.insert(ledgerChecks).values({
    day: dayStart(day),
    checkedPlayers: found.checkedPlayers,
    driftPlayers: found.driftPlayers,
    drift: found.drift,
    ranAt: now,
  });
  return { day: dayStart(day).toISOString(), ...found };
}

/** The daily check, after each UTC day ends: the day before the run (or the day the payload names). */
export const ledgerCheckJob = defineJob({
  name: 'players.ledgerCheck',
  payload: z.object({ day: z.string().datetime().optional() }),
  schedule: { cron: '20 0 * * *' },
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  concurrency: 1,
  leaseSeconds: 60 * 60,
  singletonKey: () => 'ledger-check',
  handler: ({ db, clock, payload }) => {
    const now = clock.now();
    return checkLedger(db, payload.day ? new Date(payload.day) : new Date(now.getTime() - DAY_MS), now);
  },
});

/** The months made ahead of the current one, so a write never lands in the default partition. */
export const LEDGER_MONTHS_AHEAD = 2;

const monthStart = (t: Date, plus = 0) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + plus, 1));
const monthTag = (t: Date) => t.toISOString().slice(0, 7).replace('-', '');

/**
 * Make the month partitions `resource_ledger_<yyyymm>` from this month to LEDGER_MONTHS_AHEAD
 * ahead; rows the default partition holds for such a month are moved in (PostgreSQL refuses a
 * partition whose range the default already holds rows of). The ledger is never dropped.
 */
export async function ensureLedgerMonths(db: Db, now: Date): Promise<string[]> {
  const existing = (await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent where p.relname = 'resource_ledger'`)) as unknown as {
    rows: { name: string }[];
  };
  const names = new Set(existing.rows.map((r) => r.name));
  const made: string[] = [];
  for (let m = 0; m <= LEDGER_MONTHS_AHEAD; m++) {
    const from = monthStart(now, m);
    const to = monthStart(now, m + 1);
    const name = `resource_ledger_${monthTag(from)}`;
    if (names.has(name)) continue;
    await db.transaction(async (tx) => {
      const inRange = sql`at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz`;
      await tx.execute(
        sql`create temporary table if not exists resource_ledger_moving (like resource_ledger) on commit drop`,
      );
      await tx.execute(sql`with gone as (delete from resource_ledger_default where ${inRange} returning *)
        insert into resource_ledger_moving select * from gone`);
      await tx.execute(
        sql`create table if not exists ${sql.identifier(name)} partition of resource_ledger
          for values from (${sql.raw(`'${from.toISOString()}'`)}) to (${sql.raw(`'${to.toISOString()}'`)})`,
      );
      await tx.execute(sql`insert into resource_ledger select * from resource_ledger_moving`);
    });
    made.push(name);
  }
  return made;
}

export const ledgerPartitionsJob = defineJob({
  name: 'players.ledgerPartitions',
  payload: z.object({}),
  schedule: { cron: '13 3 * * *' },
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  concurrency: 1,
  leaseSeconds: 15 * 60,
  handler: async ({ db, clock }) => ({ made: await ensureLedgerMonths(db, clock.now()) }),
});

/** The last check's outcome in `/metrics`: players and resources with drift, and the drift per resource. */
export function installLedgerMetrics(registry: Registry, db: Db): void {
  const last = sharedRead(() =>
    db
      .select()
      .from(ledgerChecks)
      .orderBy(desc(ledgerChecks.id))
      .limit(1)
      .catch((): (typeof ledgerChecks.$inferSelect)[] => []),
  );
  new client.Gauge({
    name: 'rookery_ledger_drift_players',
    help: 'Players whose ledger sums differ from their balances, at the last daily ledger check',
    registers: [registry],
    async collect() {
      const [row] = await last();
      this.set(row?.driftPlayers ?? 0);
    },
  });
  new client.Gauge({
    name: 'rookery_ledger_checked_players',
    help: 'Players the last daily ledger check compared',
    registers: [registry],
    async collect() {
      const [row] = await last();
      this.set(row?.checkedPlayers ?? 0);
    },
  });
  new client.Gauge({
    name: 'rookery_ledger_drift_amount',
    help: 'Balance minus ledger sum over the drifting players of the last ledger check, by resource',
    labelNames: ['resource'],
    registers: [registry],
    async collect() {
      const [row] = await last();
      this.reset();
      const byKind = new Map<string, number>();
      for (const d of row?.drift ?? []) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + d.balance - d.ledger);
      for (const [kind, amount] of byKind) this.set({ resource: kind }, amount);
    },
  });
}
