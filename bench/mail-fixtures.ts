import { conditionsSchema, initialPlayerState, type MailBody, mailBodySchema } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { createMail } from '../packages/server/src/modules/mail/mails.js';
import { type Database, openDatabase } from '../packages/server/src/platform/db/client.js';

/** Shared set-up of the mail benchmarks: a database, N players with varied attributes, mails. */

export const benchPlayers = () => Number(process.env.BENCH_PLAYERS ?? 1_000_000);

/** PostgreSQL when BENCH_DATABASE_URL is set (a database the benchmark may fill), else in-memory PGlite. */
export function openBenchDatabase(): Promise<Database> {
  return openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
}

const countries = ['US', 'CN', 'JP', 'DE', 'BR', 'KR', 'FR', 'GB'];
const languages = ['en-US', 'zh-CN', 'ja-JP', 'de-DE', 'pt-BR', 'ko-KR', 'fr-FR', 'en-GB'];

/** Add players until there are `total`, in batches written by the database itself. */
export async function growPlayers(database: Database, total: number): Promise<void> {
  const state = JSON.stringify(initialPlayerState());
  const res = (await database.db.execute(sql`select coalesce(max(id), 0)::int as n from players`)) as unknown as {
    rows: { n: number }[];
  };
  for (let from = res.rows[0].n + 1; from <= total; from += 100_000) {
    const to = Math.min(total, from + 99_999);
    await database.db.execute(sql`
      insert into players (id, device_id, os, app_version, language, country, is_payer, habitat_count, state, last_login_at)
      select g, 'bench-' || g,
        case when g % 3 = 0 then 'ios' else 'android' end,
        '1.' || (g % 12) || '.' || (g % 5),
        (array[${sql.raw(languages.map((l) => `'${l}'`).join(','))}])[1 + g % 8],
        (array[${sql.raw(countries.map((c) => `'${c}'`).join(','))}])[1 + (g / 7)::int % 8],
        g % 10 = 0,
        1 + g % 9,
        ${state}::jsonb,
        now() - make_interval(days => (g % 40)::int)
      from generate_series(${from}::bigint, ${to}::bigint) g`);
  }
  await database.db.execute(sql`select setval(pg_get_serial_sequence('players', 'id'), ${total})`);
  await database.db.execute(sql`analyze players`);
}

const texts = {
  title: { 'zh-CN': '活动奖励', 'en-US': 'Event reward' },
  content: { 'zh-CN': '感谢参与本次活动，请查收奖励。', 'en-US': 'Thanks for playing the event; here is your reward.' },
};

/** The i-th of a varied set of global-mail conditions: some select many players, some few, some none. */
function variedConditions(i: number): MailBody['conditions'] {
  const raw = [
    [],
    [{ attr: 'country', op: 'include', value: [countries[i % 8], countries[(i + 3) % 8]] }],
    [{ attr: 'appVersion', op: 'gte', value: `1.${i % 12}.0` }],
    [
      { attr: 'os', op: 'equal', value: i % 2 ? 'ios' : 'android' },
      { attr: 'habitatCount', op: 'gte', value: i % 9 },
    ],
    [{ attr: 'userType', op: 'equal', value: i % 2 ? 'payment' : 'all' }],
    [
      { attr: 'appLanguage', op: 'exclude', value: ['ja', 'ko'] },
      { attr: 'notLoginDays', op: 'lte', value: 30 },
    ],
  ][i % 6];
  return conditionsSchema.parse(raw);
}

export function globalMailBody(i: number): MailBody {
  return mailBodySchema.parse({
    mailScope: 'global',
    ...texts,
    reward: [{ kind: 'coin', amount: 100 + i }],
    conditions: variedConditions(i),
    expireAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
}

export async function sendGlobalMails(database: Database, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1)
    await database.db.transaction((tx) => createMail(tx, globalMailBody(i), 'bench', 'en-US'));
}

/** `count` personal mails, each to every player in `userIds`. */
export async function sendPersonalMails(database: Database, count: number, userIds: number[]): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const body = mailBodySchema.parse({
      mailScope: 'personal',
      ...texts,
      userIdInput: userIds.join('\n'),
      reward: [{ kind: 'gem', amount: 1 + i }],
      expireAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    await database.db.transaction((tx) => createMail(tx, body, 'bench', 'en-US'));
  }
}

/** p-th percentile of samples (milliseconds). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
