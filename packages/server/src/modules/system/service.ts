import { desc, eq, gte, ilike, like, lte, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asList, type PageInput, paginate } from '../../platform/db/paginate.js';
import { auditLog, mailOutbox } from '../../platform/db/tables.js';

export async function listAudit(
  db: Db,
  q: PageInput & {
    start?: string;
    end?: string;
    actor?: string;
    action?: string;
    /** Exact `entity:id`. */
    target?: string;
    /** Every `entity:…` target (letters only: no LIKE wildcard can get in). */
    entity?: string;
  },
) {
  const filters = [
    q.start ? gte(auditLog.at, new Date(q.start)) : undefined,
    q.end ? lte(auditLog.at, new Date(q.end)) : undefined,
    q.actor ? eq(auditLog.actor, q.actor) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    // `entity:id` names one record; a bare id or name also finds it under any entity (`role:ops` for `ops`).
    q.target
      ? q.target.includes(':')
        ? eq(auditLog.target, q.target)
        : or(eq(auditLog.target, q.target), like(auditLog.target, `%:${q.target.replace(/[\\%_]/g, (c) => `\\${c}`)}`))
      : undefined,
    q.entity ? like(auditLog.target, `${q.entity}:%`) : undefined,
  ];
  return asList(await paginate(db, { from: auditLog, filters, orderBy: [desc(auditLog.at), desc(auditLog.id)], ...q }));
}

export const recentAudit = (db: Db, limit = 10) => db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);

export async function listOutbox(db: Db, q: PageInput & { to?: string }) {
  const filters = [
    q.to
      ? ilike(
          mailOutbox.to,
          q.to.replace(/[\\%_]/g, (c) => `\\${c}`),
        )
      : undefined,
  ];
  return asList(await paginate(db, { from: mailOutbox, filters, orderBy: [desc(mailOutbox.id)], ...q }));
}
