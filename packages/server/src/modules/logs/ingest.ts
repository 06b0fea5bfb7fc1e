import { type ClientLogEntry, type FrontendLogEntry, type Locale, translate } from '@rookery/contracts';
import type { z } from 'zod';
import { fieldErrors } from '../../platform/http/errors.js';
import { scrubMeta, scrubText } from './sanitize.js';
import type { LogRow } from './writer.js';

/** The spec's `YYYY-MM-DD HH:mm:ss` is read as UTC; an ISO time as given. */
export function parseClientTime(time: string | undefined): Date | null {
  if (!time) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(time) ? `${time.replace(' ', 'T')}Z` : time);
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface BatchAnswer {
  accepted: number;
  rejected: { index: number; errors: { path: string; message: string }[] }[];
}

/** Check each entry of a batch on its own: the valid ones become rows, the rest come back by position. */
export function checkBatch<S extends z.ZodType, T>(
  entries: unknown[],
  schema: S,
  toRow: (entry: z.infer<S>) => T,
  locale: Locale,
): { rows: T[]; answer: BatchAnswer } {
  const rows: T[] = [];
  const rejected: BatchAnswer['rejected'] = [];
  entries.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) rows.push(toRow(parsed.data));
    else
      rejected.push({
        index,
        errors: fieldErrors(parsed.error, locale).map((e) => ({
          path: e.field,
          message: e.message || translate('v.invalidValue', locale),
        })),
      });
  });
  return { rows, answer: { accepted: rows.length, rejected } };
}

/** A game client entry as stored (meta and free text scrubbed of secrets). */
export const clientRow =
  (now: Date) =>
  (e: ClientLogEntry): LogRow => ({
    at: now,
    kind: 'client',
    level: e.level ?? e.type ?? 'info',
    message: scrubText(e.message),
    clientTime: parseClientTime(e.time),
    userId: e.userId ?? null,
    deviceId: e.deviceId ?? null,
    appVersion: e.appVersion ?? null,
    os: e.os ?? null,
    stack: e.stack ? scrubText(e.stack) : null,
    meta: e.meta ? (scrubMeta(e.meta) as Record<string, unknown>) : null,
  });

/**
 * A console entry as stored: the meta's cookies and tokens (spec §3 sends the uuid and token
 * cookies) become hashes, and the caller's own session token is hashed wherever it appears.
 */
export const frontendRow =
  (now: Date, secrets: string[], actor: string | null) =>
  (e: FrontendLogEntry): LogRow => ({
    at: now,
    kind: 'frontend',
    level: e.level ?? e.type ?? (e.request ? 'error' : 'info'),
    message: scrubText(e.message, secrets),
    clientTime: parseClientTime(e.time),
    url: e.url ? scrubText(e.url, secrets) : null,
    stack: e.stack ? scrubText(e.stack, secrets) : null,
    meta: scrubMeta(
      {
        ...(e.meta ?? {}),
        ...(e.request ? { request: e.request } : {}),
        ...(actor ? { staff: actor } : {}),
      },
      secrets,
    ) as Record<string, unknown>,
  });
