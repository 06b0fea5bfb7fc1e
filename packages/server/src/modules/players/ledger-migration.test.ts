import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.js';
import { migrationsBefore, migrationsFolder } from '../../test/migrations.js';
import { findLedgerDrift } from './ledger.js';

/**
 * Players who existed before the ledger: the migration writes one opening row per resource they
 * hold (at their last change), so the drift check holds for them from the start (decision
 * 2026-11-28-resource-ledger). On PGlite, through the migrations from before the ledger's table.
 */
describe('opening balances on a database migrated from before the ledger', () => {
  it('writes an opening row per resource held, none for a zero or a value that is no number', async () => {
    const before = migrationsBefore('_players_resource_ledger');
    const pglite = new PGlite();
    const db = drizzle(pglite, { casing: 'snake_case' }) as unknown as Db;
    const at = '2026-11-20T08:00:00.000Z';
    try {
      await migrate(db as never, { migrationsFolder: before });
      const inserted = (await db.execute(sql`insert into players (state, first_login_at, updated_at) values
        ('{"resources": {"coin": 120, "gem": 0, "heart": 3}}'::jsonb, ${at}, ${at}),
        ('{"resources": {"cookie": "lots", "sakura": 2.5}}'::jsonb, ${at}, ${at}),
        ('{}'::jsonb, ${at}, ${at})
        returning id`)) as unknown as { rows: { id: number | string }[] };
      const [a, b, c] = inserted.rows.map((r) => Number(r.id));
      await migrate(db as never, { migrationsFolder });
      const rows = (await db.execute(sql`select user_id::int as "userId", kind, delta::float8 as delta,
          balance::float8 as balance, source, at from resource_ledger order by user_id, kind`)) as unknown as {
        rows: { userId: number; kind: string; delta: number; balance: number; source: string; at: Date | string }[];
      };
      expect(rows.rows.map(({ at: _, ...r }) => r)).toEqual([
        { userId: a, kind: 'coin', delta: 120, balance: 120, source: 'opening' },
        { userId: a, kind: 'heart', delta: 3, balance: 3, source: 'opening' },
        { userId: b, kind: 'sakura', delta: 2.5, balance: 2.5, source: 'opening' },
      ]);
      expect(rows.rows.every((r) => new Date(r.at).toISOString() === at)).toBe(true);
      expect(c).toBeGreaterThan(b);
      // The check of that day finds them all consistent.
      const found = await findLedgerDrift(db, new Date(at));
      expect(found.checkedPlayers).toBe(3);
      expect(found.drift).toEqual([]);
    } finally {
      await pglite.close();
    }
  });
});
