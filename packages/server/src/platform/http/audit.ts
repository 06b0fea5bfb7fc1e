import type { Db } from '../db/client.js';
import { auditLog } from '../db/tables.js';

export interface AuditEntry {
  /** Defaults to the endpoint's audit name. */
  action?: string;
  target?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Field names that hold secrets. An explicit list: a pattern such as /token/ would also hide game
 * resources like `heart_token` and make the audit of a deduction useless.
 */
const secretKeys = new Set([
  'pwd',
  'password',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'token',
  'tokenHash',
  'captcha',
  'codeHash',
  'secret',
  'gameKey',
  'authorization',
]);

/** Copy of a value with every secret-looking field replaced, for the audit log and access log. */
export function redact(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, secretKeys.has(k) ? '***' : redact(v)]),
    );
  }
  return value;
}

export async function writeAudit(
  db: Db,
  entries: (AuditEntry & { action: string })[],
  who: { actorId: number | null; actor: string | null; ip: string | null },
  /** The service clock's time (never the database's own `now()`). */
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      actorId: who.actorId,
      actor: who.actor,
      ip: who.ip,
      action: e.action,
      target: e.target === undefined || e.target === null ? null : String(e.target),
      before: redact(e.before ?? null),
      after: redact(e.after ?? null),
      at,
    })),
  );
}
