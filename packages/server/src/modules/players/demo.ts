import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/**
 * Realistic demo players, written by the database itself (`insert … select … from
 * generate_series`) in batches, so a million players take minutes on PGlite and PostgreSQL.
 * Used by `npm run seed:demo` and the benchmarks.
 */

const BATCH = 100_000;
/** Players whose recent history (a login and a save event, a snapshot) is filled in too. */
const WITH_HISTORY = 20_000;

// Weighted pools: index i picks element i % length, mixed by a multiplicative hash of the series number.
const countries = ['CN', 'CN', 'CN', 'US', 'US', 'JP', 'KR', 'TW', 'DE', 'BR', 'FR', 'GB', 'RU', 'TH', 'ID', 'VN'];
const languageOf: Record<string, string> = {
  CN: 'zh-CN',
  US: 'en-US',
  JP: 'ja-JP',
  KR: 'ko-KR',
  TW: 'zh-TW',
  DE: 'de-DE',
  BR: 'pt-BR',
  FR: 'fr-FR',
  GB: 'en-GB',
  RU: 'ru-RU',
  TH: 'th-TH',
  ID: 'id-ID',
  VN: 'vi-VN',
};
const androidModels = ['Pixel 8', 'SM-S918B', 'SM-A546E', 'Redmi Note 12', 'M2101K6G', 'CPH2581', 'V2250', '2201116SG'];
const iosModels = ['iPhone15,2', 'iPhone14,5', 'iPhone13,2', 'iPhone16,1', 'iPad13,1', 'iPhone12,1'];
const versions = ['1.3.0', '1.3.0', '1.3.0', '1.2.5', '1.2.5', '1.2.0', '1.1.9', '1.1.0'];

const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);
/** A pseudo-random integer in [0, mod) from the series number `g` and a salt. */
const mix = (salt: number, mod: number) =>
  sql.raw(`((((g * ${2654435761 + salt * 40503}) % 4294967291) % ${mod})::int)`);

export interface SeedResult {
  tag: string;
  created: number;
  firstId: number;
  lastId: number;
}

/** Add `count` demo players (IDs `demo-<tag>-…`); `onBatch` hears progress. */
export async function seedDemoPlayers(
  db: Db,
  count: number,
  onBatch: (done: number) => void = () => {},
): Promise<SeedResult> {
  const tag = randomBytes(3).toString('hex');
  const prefix = `demo-${tag}-`;
  let firstId = 0;
  let lastId = 0;
  const countryList = list(countries);
  const languageList = list(countries.map((c) => languageOf[c]));
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const result = (await db.execute(sql`
      with src as (
        select g,
          ${mix(1, countries.length)} + 1 as ci,
          ${mix(2, 100)} as payer_roll,
          ${mix(3, 365)} as age_days,
          ${mix(4, 90)} as idle_days,
          ${mix(5, 86400)} as secs,
          ${mix(6, 12)} + 1 as habitats,
          ${mix(7, 10)} as os_roll
        from generate_series(${from}::bigint, ${to}::bigint) g
      ),
      ins as (
        insert into players (social_id, anonymous_id, device_id, device_model, os, app_version, language, country,
          is_payer, habitat_count, state, save_count, first_login_at, previous_login_at, last_login_at, last_save_at,
          updated_at)
        select
          case when g % 5 < 3 then ${prefix} || 's' || g end,
          ${prefix} || 'a' || g,
          ${prefix} || 'd' || g,
          case when os_roll < 6 then (${list(androidModels)})[1 + (g % ${androidModels.length})::int]
               else (${list(iosModels)})[1 + (g % ${iosModels.length})::int] end,
          case when os_roll < 6 then 'android' else 'ios' end,
          (${list(versions)})[1 + ((g / 3) % ${versions.length})::int],
          (${languageList})[ci],
          (${countryList})[ci],
          payer_roll < 6,
          habitats,
          jsonb_build_object(
            'resources', jsonb_build_object(
              'gem', (g * 37) % 8000, 'coin', (g * 7919) % 5000000, 'heart', (g * 13) % 300,
              'cookie', (g * 17) % 2000, 'research_point', (g * 101) % 50000,
              'gold_treasure_chest', g % 7, 'silver_treasure_chest', g % 19,
              'penguin_adelie', 1 + g % 40, 'penguin_gentoo', g % 25, 'penguin_emperor', g % 4,
              'fishing_boat', g % 6, 'max_offline_hour', 2 + g % 10),
            'availableGoldChests', g % 5, 'availableSilverChests', g % 11,
            'gachaGoldChests', g % 3, 'gachaSilverChests', g % 8,
            'maxOfflineHours', 2 + g % 10,
            'timeTickets1h', g % 9, 'timeTickets6h', g % 4, 'timeTickets12h', g % 2,
            'totalPenguins', 1 + g % 40 + g % 25 + g % 4,
            'achievementLevel', (g * 3) % 60, 'questIndex', (g * 11) % 400, 'questProgress', g % 100,
            'skillUseCount', (g * 29) % 5000, 'habitatCount', habitats),
          1 + (g * 31) % 900,
          now() - make_interval(days => (age_days + idle_days)::int, secs => secs::int),
          now() - make_interval(days => (idle_days + least(age_days, 1 + g % 20))::int, secs => secs::int),
          now() - make_interval(days => idle_days::int, secs => secs::int),
          now() - make_interval(days => idle_days::int, secs => secs::int + 600),
          now() - make_interval(days => idle_days::int, secs => secs::int + 600)
        from src
        returning id, device_id, first_login_at, state
      ),
      bind as (
        insert into player_devices (device_id, user_id, bound_at) select device_id, id, first_login_at from ins
      ),
      opening as (
        -- The ledger starts from the seeded balances (decision 2026-11-28-resource-ledger).
        insert into resource_ledger (user_id, kind, delta, balance, source, source_id, at)
        select ins.id, d.kind, d.delta, d.balance, 'opening', null, ins.first_login_at
        from ins cross join lateral ledger_diff('{}'::jsonb, ins.state->'resources') d
      )
      select min(id)::bigint as first, max(id)::bigint as last from ins
    `)) as unknown as { rows: { first: string | number; last: string | number }[] };
    if (!firstId) firstId = Number(result.rows[0].first);
    lastId = Number(result.rows[0].last);
    onBatch(to);
  }
  await addRecentHistory(db, firstId, Math.min(lastId, firstId + WITH_HISTORY - 1));
  await db.execute(sql`analyze players`);
  await db.execute(sql`analyze player_devices`);
  return { tag, created: count, firstId, lastId };
}

/** The most recent login and save of the first players: what the event log and snapshot screens show. */
async function addRecentHistory(db: Db, fromId: number, toId: number) {
  if (!fromId) return;
  await db.execute(sql`
    insert into player_snapshots (user_id, save_count, state, cause, created_at)
    select id, save_count - 1, state, 'save', last_save_at from players where id between ${fromId} and ${toId}`);
  await db.execute(sql`
    insert into player_events (user_id, type, data, at)
    select id, 'login', jsonb_build_object('deviceId', device_id, 'deviceModel', device_model, 'os', os,
      'appVersion', app_version, 'language', language, 'country', country, 'via', 'device'), last_login_at
    from players where id between ${fromId} and ${toId}
    union all
    select id, 'save', jsonb_build_object('from', save_count - 1, 'to', save_count), last_save_at
    from players where id between ${fromId} and ${toId}`);
}
