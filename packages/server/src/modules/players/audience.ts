import { AUDIENCE_EXACT_PAGES, type AudienceCount, type ConditionRule, DAY_MS, parseVersion } from '@rookery/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { players } from './tables.js';

/*
 * The audience of a condition set: the players the shared condition engine
 * (contracts/conditions.ts, evaluated in memory per request) selects, compiled to one SQL
 * predicate over the players table so a console screen can say how many players a global mail, a
 * push, a config value or an experiment reaches before it is sent. The same semantics as the
 * engine over `playerAttributes(row)`: a player without the attribute fails every rule on it
 * (exclude too); versions numerically part by part with missing parts 0 (1.10 > 1.9, 1.2 =
 * 1.2.0), an unparseable version matches nothing; a language rule without region matches every
 * region; times to the millisecond; notLoginDays whole days since the last login at the server
 * clock, players who never logged in fail it. Values are parameters; nothing the operator wrote
 * becomes SQL text. Language, country and os are compared as stored: the login stores them
 * canonical (contracts' `canonicalAttributes`, the functions the engine reads them with and rule
 * values are normalised by), so the count and the game read one value and this SQL rewrites none.
 */

/** Every character JavaScript's `trim` removes (the engine trims versions with it), from the runtime. */
const jsWhitespace = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c))
  .filter((ch) => ch.trim() === '')
  .join('');
const trimmed = (column: SQLWrapper) => sql`btrim(${column}, ${jsWhitespace}::text)`;

const versionRe = '^[0-9]{1,9}(\\.[0-9]{1,9}){0,3}$';
/** Four integer parts of a version; only evaluated on text that matched `versionRe`. */
const versionParts = (v: SQL) =>
  sql`(split_part(${v}, '.', 1)::int, coalesce(nullif(split_part(${v}, '.', 2), '')::int, 0),
    coalesce(nullif(split_part(${v}, '.', 3), '')::int, 0), coalesce(nullif(split_part(${v}, '.', 4), '')::int, 0))`;
const versionLiteral = (text: string) => {
  const parts = [...parseVersion(text)!, 0, 0, 0, 0].slice(0, 4);
  return sql`(${parts[0]}::int, ${parts[1]}::int, ${parts[2]}::int, ${parts[3]}::int)`;
};

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** `value` (not null) compared by `op` with the rule's values. */
function compare(value: SQL, op: ConditionRule['op'], values: readonly (string | number)[]): SQL {
  switch (op) {
    case 'equal':
      return sql`${value} = ${values[0]}`;
    case 'gte':
      return sql`${value} >= ${values[0]}`;
    case 'lte':
      return sql`${value} <= ${values[0]}`;
    case 'include':
      return sql`${value} in (${list(values)})`;
    case 'exclude':
      return sql`${value} not in (${list(values)})`;
  }
}

/** Milliseconds since the epoch of a timestamp, as the engine's Date reads it (truncated). */
const asTimestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function ruleSql(rule: ConditionRule, nowMs: number): SQL {
  const values = Array.isArray(rule.value) ? rule.value : [rule.value];
  const { op } = rule;
  switch (rule.attr) {
    case 'os':
      return sql`(${players.os} is not null and ${compare(sql`${players.os}`, op, values)})`;
    case 'country':
      return sql`(${players.country} is not null and ${compare(sql`${players.country}`, op, values)})`;
    case 'userType': {
      if (values.includes('all')) return sql`true`;
      const type = sql`(case when ${players.isPayer} then 'payment' else 'normal' end)`;
      return compare(type, op, values);
    }
    case 'habitatCount':
      return compare(sql`${players.habitatCount}`, op, values.map(Number));
    case 'appVersion': {
      const v = trimmed(players.appVersion);
      const parts = versionParts(v);
      const test =
        op === 'gte'
          ? sql`${parts} >= ${versionLiteral(String(values[0]))}`
          : op === 'lte'
            ? sql`${parts} <= ${versionLiteral(String(values[0]))}`
            : sql`${op === 'exclude' ? sql`not ` : sql``}(${parts} in (${sql.join(
                values.map((t) => versionLiteral(String(t))),
                sql`, `,
              )}))`;
      // CASE keeps the casts from running on text that is not a version.
      return sql`(case when ${v} ~ ${versionRe} then ${test} else false end)`;
    }
    case 'appLanguage': {
      // Rule values and stored tags are canonical (one case per tag); a value without region
      // (`en`) matches the tag's primary subtag, which is lower case in a canonical tag.
      const tags = values.map(String);
      const full = tags.filter((v) => v.includes('-'));
      const primary = tags.filter((v) => !v.includes('-'));
      const hits: SQL[] = [];
      if (full.length) hits.push(sql`${players.language} in (${list(full)})`);
      if (primary.length) hits.push(sql`split_part(${players.language}, '-', 1) in (${list(primary)})`);
      const hit = sql`(${sql.join(hits, sql` or `)})`;
      return sql`(${players.language} is not null and ${op === 'exclude' ? sql`not ${hit}` : hit})`;
    }
    case 'lastLogin': {
      const at = asTimestamp(Date.parse(String(values[0])));
      const last = sql`date_trunc('milliseconds', ${players.lastLoginAt})`;
      return op === 'gte' ? sql`${last} >= ${at}` : sql`${last} <= ${at}`;
    }
    case 'notLoginDays': {
      // days = max(0, floor((now − last) / day)): days ≥ n ⇔ last ≤ now − n·day; days ≤ n ⇔ last > now − (n+1)·day.
      const last = sql`date_trunc('milliseconds', ${players.lastLoginAt})`;
      const n = Number(values[0]);
      const atLeast =
        n <= 0 ? sql`${players.lastLoginAt} is not null` : sql`${last} <= ${asTimestamp(nowMs - n * DAY_MS)}`;
      const atMost = sql`${last} > ${asTimestamp(nowMs - (n + 1) * DAY_MS)}`;
      if (op === 'gte') return atLeast;
      if (op === 'lte') return atMost;
      return sql`(${atLeast} and ${atMost})`;
    }
  }
}

/** The SQL predicate over `players` of a condition set (an AND of rules; none = every player). */
export function audienceWhere(rules: readonly ConditionRule[], now: Date): SQL {
  if (rules.length === 0) return sql`true`;
  return sql.join(
    rules.map((r) => sql`(${ruleSql(r, now.getTime())})`),
    sql` and `,
  );
}

/**
 * Up to AUDIENCE_EXACT_PAGES table pages (contracts; 8 kB each, ~32,000 demo players) the count
 * is exact: one scan.
 * Above it, a scan costs seconds on the embedded database and hundreds of milliseconds on
 * PostgreSQL, so the count is estimated from a sample of about SAMPLE_PAGES random pages
 * (`tablesample system`, a fixed seed so the same data gives the same answer) scaled to the
 * table, rounded to three significant figures and marked `estimate` ("about" in the console).
 * A sample that finds fewer than MIN_SAMPLE_HITS matching players says too little about a small
 * audience: that count is made exact instead.
 */
export const SAMPLE_PAGES = 2000;
export const MIN_SAMPLE_HITS = 100;

/** `n` rounded to three significant figures (41,237 → 41,200). */
export const roundEstimate = (n: number) => {
  if (n < 1000) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
};

async function exactCount(db: Db, where: SQL): Promise<AudienceCount> {
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(players);
  return { count: row.count, total: row.total, estimate: false };
}

/** How many players a condition set selects now, and how many players there are (see AUDIENCE_EXACT_PAGES). */
export async function countAudience(
  db: Db,
  rules: readonly ConditionRule[],
  now: Date,
  limits: { exactPages?: number; samplePages?: number } = {},
): Promise<AudienceCount> {
  const { exactPages = AUDIENCE_EXACT_PAGES, samplePages = SAMPLE_PAGES } = limits;
  const where = audienceWhere(rules, now);
  const [{ pages }] = (
    (await db.execute(
      sql`select pg_relation_size('players'::regclass) / current_setting('block_size')::int as pages`,
    )) as unknown as { rows: { pages: number | string }[] }
  ).rows;
  const percent = (100 * samplePages) / Math.max(1, Number(pages));
  if (Number(pages) <= exactPages || percent >= 50) return exactCount(db, where);
  const [sample] = (
    (await db.execute(sql`select count(*) filter (where ${where}) as count, count(*) as total
      from ${players} tablesample system (${sql.raw(percent.toFixed(6))}) repeatable (22)`)) as unknown as {
      rows: { count: number | string; total: number | string }[];
    }
  ).rows;
  const hits = Number(sample.count);
  if (hits < MIN_SAMPLE_HITS) return exactCount(db, where);
  const scale = 100 / percent;
  return {
    count: roundEstimate(hits * scale),
    total: roundEstimate(Number(sample.total) * scale),
    estimate: true,
  };
}

/**
 * The IDs of the players a condition set selects now, lowest first, at most `limit`, leaving out
 * the IDs `except` selects (a subquery of the caller's, e.g. players who already hold a gift code
 * of a batch): for areas that hand something to each player of an audience.
 */
export async function audiencePlayerIds(
  db: Db,
  rules: readonly ConditionRule[],
  now: Date,
  opts: { limit: number; except?: SQL },
): Promise<number[]> {
  const result = (await db.execute(
    sql`select ${players.id} as id from ${players}
        where ${audienceWhere(rules, now)} ${opts.except ? sql`and ${players.id} not in (${opts.except})` : sql``}
        order by ${players.id} limit ${opts.limit}`,
  )) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((r) => Number(r.id));
}

/**
 * A predicate over another area's rows naming a player by `userId` (a column such as a push
 * device's): that player is one the condition set selects now. Other areas join no players table.
 */
export function playerSelected(userId: SQLWrapper, rules: readonly ConditionRule[], now: Date): SQL {
  return sql`exists (select 1 from ${players} where ${players.id} = ${userId} and ${audienceWhere(rules, now)})`;
}

/**
 * The values of a player's game state a message to them fills in (`{nickname}`, `{level}`,
 * `{gems}`, `{coins}`, `{vipLevel}`), as texts or null, for the player `userId` names.
 */
export function playerMessageValues(userId: SQLWrapper): SQL<Record<string, string | null> | null> {
  return sql`(select jsonb_build_object(
      'nickname', ${players.state}->>'nickname',
      'level', ${players.state}->>'achievementLevel',
      'gems', ${players.state}->'resources'->>'gem',
      'coins', ${players.state}->'resources'->>'coin',
      'vipLevel', ${players.state}->>'vipLevel')
    from ${players} where ${players.id} = ${userId})`;
}
