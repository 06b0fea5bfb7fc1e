import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSteps } from '../../data-steps.js';
import { type Db, openDatabase } from '../../platform/db/client.js';
import { dataStepDone, runDataSteps } from '../../platform/db/data-steps.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { migrationsBefore, migrationsFolder } from '../../test/migrations.js';
import { canonicaliseExposureAttributes } from '../abtest/exposures.js';
import { canonicalisePlayerAttributes } from './canonical.js';

/**
 * An existing database is migrated: players stored before the login canonicalised what the game
 * reports (rows inserted raw here, as the old login wrote them) are rewritten once at start by the
 * data step, with the old text kept where it differs; A/B exposures too. The expected values are
 * written down, not taken from the functions. On the harness's database (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set), and on PGlite through the migrations from before 0024.
 */

const NOW = new Date('2026-11-28T00:00:00.000Z');

/** [sent then, stored now, kept as sent]. */
type Case = [string | null, string | null, string | null];
const languages: Case[] = [
  ['en_us', 'en-US', 'en_us'],
  ['en-US', 'en-US', null],
  ['iw', 'he', 'iw'],
  ['vi-VD', 'vi-VN', 'vi-VD'],
  ['sv-aaland', 'sv-AX', 'sv-aaland'],
  ['vi-v', null, 'vi-v'],
  ['vi-VN-VN', null, 'vi-VN-VN'],
  ['q9-%$#@!~^&*()_+', null, 'q9-%$#@!~^&*()_+'],
  ['', null, null],
  [null, null, null],
];
const countries: Case[] = [
  ['us', 'US', 'us'],
  ['DE', 'DE', null],
  [' GB ', 'GB', ' GB '],
  ['ß', null, 'ß'],
  ['XX', null, 'XX'],
  ['vn', 'VN', 'vn'],
  ['SS', 'SS', null],
  ['', null, null],
  [null, null, null],
  ['Cn', 'CN', 'Cn'],
];
const systems: Case[] = [
  ['İOS', 'ios', 'İOS'],
  ['ios', 'ios', null],
  ['IOS ', 'ios', 'IOS '],
  ['Android', 'android', 'Android'],
  ['harmonyos', 'other', 'harmonyos'],
  ['android', 'android', null],
  ['', null, null],
  [null, null, null],
  ['iPadOS', 'ios', 'iPadOS'],
  ['other', 'other', null],
];

/** Insert the players as the old login stored them; their IDs in order. */
async function insertRaw(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < languages.length; i += 1) {
    const result = (await db.execute(sql`insert into players (os, language, country, state, first_login_at, updated_at)
      values (${systems[i][0]}, ${languages[i][0]}, ${countries[i][0]}, '{}'::jsonb, ${NOW.toISOString()}, ${NOW.toISOString()})
      returning id`)) as unknown as { rows: { id: number | string }[] };
    ids.push(Number(result.rows[0].id));
  }
  await db.execute(sql`insert into ab_exposures (experiment, phase, user_id, variation, os, country, at)
    values ('x', 1, 1, 0, 'İOS', 'us', ${NOW.toISOString()}), ('x', 1, 2, 1, 'ios', 'ß', ${NOW.toISOString()})`);
  return ids;
}

async function expectCanonical(db: Db, ids: number[]) {
  const { rows } = (await db.execute(sql`select id::int as id, os, language, country, reported_os, reported_language,
    reported_country from players where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id`)) as unknown as { rows: Record<string, unknown>[] };
  expect(rows).toEqual(
    ids.map((id, i) => ({
      id,
      os: systems[i][1],
      language: languages[i][1],
      country: countries[i][1],
      reported_os: systems[i][2],
      reported_language: languages[i][2],
      reported_country: countries[i][2],
    })),
  );
  const exposures = (await db.execute(
    sql`select user_id::int as u, os, country from ab_exposures order by user_id`,
  )) as unknown as {
    rows: unknown[];
  };
  expect(exposures.rows).toEqual([
    { u: 1, os: 'ios', country: 'US' },
    { u: 2, os: 'ios', country: null },
  ]);
}

describe('the data step on the harness database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('rewrites the raw rows once, keeps what was sent where it differs, and marks itself done', async () => {
    const { db } = ctx.database;
    const ids = await insertRaw(db);
    expect(await dataStepDone(db, 'canonicalAttributes')).toBe(false);
    const ran = await runDataSteps(db, dataSteps, NOW);
    // The players with a value that changes (all but the second) and both exposures.
    expect(ran).toEqual([{ name: 'canonicalAttributes', rows: 9 + 2 }]);
    await expectCanonical(db, ids);
    expect(await dataStepDone(db, 'canonicalAttributes')).toBe(true);
    // Done: not run again, and running the rewrite again changes nothing (idempotent).
    expect(await runDataSteps(db, dataSteps, NOW)).toEqual([]);
    expect(await canonicalisePlayerAttributes(db)).toBe(0);
    await expectCanonical(db, ids);
  });

  it('runs at start: openDatabase calls afterMigrate once the migrations are in', async () => {
    const seen: unknown[] = [];
    const database = await openDatabase({
      databaseUrl: ctx.databaseUrl,
      poolSize: 2,
      afterMigrate: async (db) => {
        const { rows } = (await db.execute(
          sql`select count(*)::int as n from information_schema.columns where table_name = 'players' and column_name like 'reported_%'`,
        )) as unknown as { rows: unknown[] };
        seen.push(...rows);
      },
    });
    await database.close();
    expect(seen).toEqual([{ n: 3 }]);
  });

  it('rewrites in key batches: rows on every side of a batch edge, none twice', async () => {
    const { db } = ctx.database;
    await db.execute(sql`delete from players`);
    await db.execute(sql`delete from ab_exposures`);
    const ids = await insertRaw(db);
    expect(await canonicalisePlayerAttributes(db, 3)).toBe(9);
    expect(await canonicaliseExposureAttributes(db)).toBe(2);
    await expectCanonical(db, ids);
  });
});

describe('the data step on a database migrated from before 0024', () => {
  it('adds the columns, then the step rewrites the rows the old login wrote', async () => {
    const before = migrationsBefore('_players_canonical_attributes');
    const pglite = new PGlite();
    const db = drizzle(pglite, { casing: 'snake_case' }) as unknown as Db;
    try {
      await migrate(db as never, { migrationsFolder: before });
      const ids = await insertRaw(db);
      await migrate(db as never, { migrationsFolder });
      expect(await runDataSteps(db, dataSteps, NOW)).toEqual([{ name: 'canonicalAttributes', rows: 11 }]);
      await expectCanonical(db, ids);
    } finally {
      await pglite.close();
    }
  });
});
