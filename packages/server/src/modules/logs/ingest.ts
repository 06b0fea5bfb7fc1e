import {
  type ClientLogEntry,
  type FrontendLogEntry,
  isExpectedRefusal,
  type Locale,
  translate,
} from '@rookery/contracts';
import type { z } from 'zod';
import { fieldErrors } from '../../platform/http/errors.js';
import { scrubMeta, scrubText, scrubUrl } from './sanitize.js';
import type { LogRow } from './tables.js';

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

/** An optional text of an entry as stored: scrubbed, or null. */
const scrubbed = (value: string | undefined, secrets: readonly string[] = []) =>
  value ? scrubText(value, secrets) : null;

/**
 * A game client entry as stored: every text scrubbed of secrets (sanitize.ts), what PostgreSQL
 * cannot store replaced, the meta's keys and values likewise.
 */
export const clientRow =
  (now: Date) =>
  (e: ClientLogEntry): LogRow => ({
    at: now,
    kind: 'client',
    level: e.level ?? e.type ?? 'info',
    message: scrubText(e.message),
    clientTime: parseClientTime(e.time),
    userId: e.userId ?? null,
    deviceId: scrubbed(e.deviceId),
    appVersion: scrubbed(e.appVersion),
    os: scrubbed(e.os),
    stack: scrubbed(e.stack),
    meta: e.meta ? (scrubMeta(e.meta) as Record<string, unknown>) : null,
  });

/**
 * A console entry as stored: scrubbed like the game's (spec §3 sends the uuid and token cookies
 * in its meta), the page's and the failed request's query values masked, and the caller's own
 * session token masked wherever it appears.
 */
export const frontendRow =
  (now: Date, secrets: string[], actor: string | null) =>
  (e: FrontendLogEntry): LogRow => ({
    at: now,
    kind: 'frontend',
    // A refusal the console expected is a warning, never an incident (the console no longer sends
    // them; an older console's page still may).
    level: e.request && isExpectedRefusal(e.request) ? 'warn' : (e.level ?? e.type ?? (e.request ? 'error' : 'info')),
    message: scrubText(e.message, secrets),
    clientTime: parseClientTime(e.time),
    url: e.url ? scrubUrl(e.url, secrets) : null,
    stack: scrubbed(e.stack, secrets),
    meta: scrubMeta(
      {
        ...(e.meta ?? {}),
        ...(e.request ? { request: e.request } : {}),
        ...(actor ? { staff: actor } : {}),
      },
      secrets,
    ) as Record<string, unknown>,
  });
