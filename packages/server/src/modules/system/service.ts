import type { AuditEntry } from '@rookery/contracts';
import { and, count, desc, eq, gte, ilike, like, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { auditLog, mailOutbox } from './tables.js';

type AuditRow = typeof auditLog.$inferSelect;

export const toAuditEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  actor: r.actor,
  action: r.action,
  target: r.target,
  before: r.before,
  after: r.after,
  ip: r.ip,
  at: r.at.toISOString(),
});

export async function listAudit(
  db: Db,
  q: {
    start?: string;
    end?: string;
    actor?: string;
    action?: string;
    /** Exact `entity:id`. */
    target?: string;
    /** Every `entity:…` target (letters only: no LIKE wildcard can get in). */
    entity?: string;
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    q.start ? gte(auditLog.at, new Date(q.start)) : undefined,
    q.end ? lte(auditLog.at, new Date(q.end)) : undefined,
    q.actor ? eq(auditLog.actor, q.actor) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.target ? eq(auditLog.target, q.target) : undefined,
    q.entity ? like(auditLog.target, `${q.entity}:%`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { list: rows.map(toAuditEntry), pagination: { page: q.page, pageSize: q.pageSize, total } };
}

export async function recentAudit(db: Db, limit = 10) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
  return rows.map(toAuditEntry);
}

export async function listOutbox(db: Db, q: { to?: string; page: number; pageSize: number }) {
  const where = q.to
    ? ilike(
        mailOutbox.to,
        q.to.replace(/[\\%_]/g, (c) => `\\${c}`),
      )
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination: { page: q.page, pageSize: q.pageSize, total },
  };
}
