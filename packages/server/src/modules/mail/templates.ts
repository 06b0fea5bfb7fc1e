import type { TemplateBody, TemplateTable, templateSchema } from '@rookery/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { asList, type PageInput, paginate } from '../../platform/db/paginate.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { mailRewardTemplates, mailTemplates } from './tables.js';

type MailTemplateRow = typeof mailTemplates.$inferSelect;
type RewardTemplateRow = typeof mailRewardTemplates.$inferSelect;
type MailTemplate = z.output<typeof templateSchema>;

/** A search text as a LIKE pattern part: its own % and _ match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function toTemplate(table: TemplateTable, row: MailTemplateRow | RewardTemplateRow): MailTemplate {
  return {
    id: row.id,
    theTable: table,
    name: row.name,
    title: 'title' in row ? row.title : null,
    content: 'content' in row ? row.content : null,
    reward: 'reward' in row ? row.reward : null,
    createdBy: row.createdBy,
    createAt: row.createdAt,
    updateAt: row.updatedAt,
  };
}

const tableOf = (table: TemplateTable) => (table === 'mail' ? mailTemplates : mailRewardTemplates);

export async function listTemplates(db: Db, q: PageInput & { theTable: TemplateTable; searchName?: string }) {
  const t = tableOf(q.theTable);
  const filters = [q.searchName ? ilike(t.name, `%${escapeLike(q.searchName)}%`) : undefined];
  const page = await paginate<typeof t, MailTemplateRow | RewardTemplateRow>(db, {
    from: t,
    filters,
    orderBy: [desc(t.id)],
    ...q,
  });
  return asList(page, (r) => toTemplate(q.theTable, r));
}

export async function getTemplate(db: Db, table: TemplateTable, id: number): Promise<MailTemplate> {
  const t = tableOf(table);
  const [row] = await db.select().from(t).where(eq(t.id, id));
  if (!row) throw notFound(table === 'mail' ? 'mail.templateNotFound' : 'mail.rewardTemplateNotFound');
  return toTemplate(table, row);
}

async function assertNameFree(db: Db, table: TemplateTable, name: string, exceptId?: number) {
  const t = tableOf(table);
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.name, name));
  if (row && row.id !== exceptId) throw conflict('template.nameTaken', 'name');
}

export async function createTemplate(db: Db, body: TemplateBody, actor: string | null): Promise<MailTemplate> {
  await assertNameFree(db, body.theTable, body.name);
  if (body.theTable === 'mail') {
    const [row] = await db
      .insert(mailTemplates)
      .values({ name: body.name, title: body.title, content: body.content, createdBy: actor })
      .returning();
    return toTemplate('mail', row);
  }
  const [row] = await db
    .insert(mailRewardTemplates)
    .values({ name: body.name, reward: body.reward, createdBy: actor })
    .returning();
  return toTemplate('reward', row);
}

export async function updateTemplate(db: Db, id: number, body: TemplateBody) {
  const before = await getTemplate(db, body.theTable, id);
  await assertNameFree(db, body.theTable, body.name, id);
  const updatedAt = new Date();
  const [row] =
    body.theTable === 'mail'
      ? await db
          .update(mailTemplates)
          .set({ name: body.name, title: body.title, content: body.content, updatedAt })
          .where(eq(mailTemplates.id, id))
          .returning()
      : await db
          .update(mailRewardTemplates)
          .set({ name: body.name, reward: body.reward, updatedAt })
          .where(eq(mailRewardTemplates.id, id))
          .returning();
  return { before, after: toTemplate(body.theTable, row) };
}

export async function deleteTemplate(db: Db, table: TemplateTable, id: number): Promise<MailTemplate> {
  const before = await getTemplate(db, table, id);
  const t = tableOf(table);
  await db.delete(t).where(eq(t.id, id));
  return before;
}
