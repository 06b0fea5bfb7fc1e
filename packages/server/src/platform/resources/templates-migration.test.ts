import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from '../../test/migrations.js';

/**
 * The data migration that moved mail and reward templates onto the resource kit: a database
 * holding templates before it keeps them, with their ids, names, texts, rewards and authors, and
 * the kit numbers the next template after the highest id ever given.
 */
it('keeps every template with its id and numbers new ones after the last id given', async () => {
  const pglite = new PGlite();
  const db = drizzle(pglite, { casing: 'snake_case' });
  try {
    await migrate(db, { migrationsFolder: migrationsBefore('_templates_on_resource_kit') });
    await db.execute(sql`insert into mail_templates (name, title, content, created_by)
      values ('Welcome', '{"en-US":"Hi"}', '{"en-US":"Hello"}', 'alice'),
             ('Gone', '{}', '{}', 'bob'),
             ('Later', '{"zh-CN":"你好"}', '{"zh-CN":"内容"}', null)`);
    await db.execute(sql`delete from mail_templates where name = 'Gone'`);
    await db.execute(sql`insert into mail_reward_templates (name, reward, created_by)
      values ('Starter', '[{"kind":"gem","amount":10}]', 'alice')`);

    await migrate(db, { migrationsFolder });

    const items = await db.execute(
      sql`select kind, key, document, created_by from resource_items order by kind, key::int`,
    );
    expect(items.rows).toEqual([
      {
        kind: 'mailTemplate',
        key: '1',
        document: { id: 1, name: 'Welcome', title: { 'en-US': 'Hi' }, content: { 'en-US': 'Hello' } },
        created_by: 'alice',
      },
      {
        kind: 'mailTemplate',
        key: '3',
        document: { id: 3, name: 'Later', title: { 'zh-CN': '你好' }, content: { 'zh-CN': '内容' } },
        created_by: null,
      },
      {
        kind: 'rewardTemplate',
        key: '1',
        document: { id: 1, name: 'Starter', reward: [{ kind: 'gem', amount: 10 }] },
        created_by: 'alice',
      },
    ]);
    const counters = await db.execute(sql`select kind, last from resource_key_counters order by kind`);
    expect(counters.rows).toEqual([
      { kind: 'mailTemplate', last: 3 },
      { kind: 'rewardTemplate', last: 1 },
    ]);
    const left = await db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('mail_templates', 'mail_reward_templates')`,
    );
    expect(left.rows).toEqual([{ n: 0 }]);
  } finally {
    await pglite.close();
  }
});
