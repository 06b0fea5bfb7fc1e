import { createHash } from 'node:crypto';
import { compareVersions, parseVersion } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { incidentPlayers, incidents, type LogRow } from './tables.js';

/**
 * A message with what varies between occurrences of one error masked: UUIDs, hex IDs, numbers,
 * quoted values, e-mail addresses and URLs' query strings.
 */
export function normaliseMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<hex>')
    .replace(/\b[0-9a-f]{12,}\b/gi, '<id>')
    .replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, '<email>')
    .replace(/(["'])(?:(?!\1).){0,200}\1/g, '$1…$1')
    .replace(/\?[^\s]*/g, '?…')
    .replace(/\d+(\.\d+)*/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** The top `n` frames of a stack, line and column numbers masked (a rebuild moves them). */
export function topFrames(stack: string | null | undefined, n = 3): string[] {
  if (!stack) return [];
  return stack
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^at\s|\(.*:\d+(:\d+)?\)$|\.\w+:\d+/.test(l))
    .slice(0, n)
    .map((l) => l.replace(/:\d+(:\d+)?/g, ':<n>').replace(/\b[0-9a-f]{8,}\b/gi, '<id>'));
}

/**
 * The message key of a failed call the console reported (`meta.request.key`): the same in every
 * language, where the message is translated.
 */
function requestOf(row: Pick<LogRow, 'meta'>): { method: string; url: string; key: string } | undefined {
  const request = row.meta?.request as { method?: unknown; url?: unknown; key?: unknown } | undefined;
  if (typeof request?.key !== 'string' || typeof request.method !== 'string' || typeof request.url !== 'string')
    return undefined;
  return { method: request.method, url: request.url, key: request.key };
}

/**
 * An error's group: its kind, normalised message and top stack frames; a failed call with the
 * answer's message key groups by the key and the call (method, address with its numbers masked),
 * not the text, so one error read in Chinese and in English is one incident (issue 41 item 8).
 */
export function fingerprintOf(row: Pick<LogRow, 'kind' | 'message' | 'stack' | 'meta'>): string {
  const request = requestOf(row);
  const parts = request
    ? [row.kind, `key:${request.key}`, request.method, normaliseMessage(request.url)]
    : [row.kind, normaliseMessage(row.message), ...topFrames(row.stack)];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24);
}

/** Errors and fatals belong to incidents; other levels do not. */
export const isIncidentLevel = (level: string) => level === 'error' || level === 'fatal';

const newer = (a: string | null | undefined, b: string | null | undefined) => {
  const pa = a ? parseVersion(a) : null;
  const pb = b ? parseVersion(b) : null;
  if (!pa) return false;
  if (!pb) return true;
  return compareVersions(pa, pb) > 0;
};

/** The newest parseable app version of a list (null when none parses). */
export const newestVersion = (versions: Iterable<string>) => {
  let best: string | null = null;
  for (const v of versions) if (parseVersion(v) && (!best || newer(v, best))) best = v;
  return best;
};

/**
 * Fold a written batch's errors into their incidents: count, first and last seen, versions, OS,
 * affected players. A resolved incident seen again in an app version newer than the one it was
 * resolved at (or resolved with no version known) opens again as a regression; an ignored one
 * keeps counting quietly.
 */
export async function recordIncidents(db: Db, rows: LogRow[]): Promise<void> {
  const groups = new Map<string, LogRow[]>();
  for (const r of rows) {
    if (!r.fingerprint) continue;
    groups.set(r.fingerprint, [...(groups.get(r.fingerprint) ?? []), r]);
  }
  for (const [fingerprint, group] of groups) {
    const first = group[0];
    const times = group.map((r) => new Date(r.at).getTime());
    const versions: Record<string, number> = {};
    const oses: Record<string, number> = {};
    for (const r of group) {
      if (r.appVersion) versions[r.appVersion] = (versions[r.appVersion] ?? 0) + 1;
      if (r.os) oses[r.os] = (oses[r.os] ?? 0) + 1;
    }
    const seenNewest = newestVersion(Object.keys(versions));
    const players = [...new Set(group.map((r) => r.userId).filter((u): u is number => typeof u === 'number'))];
    await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(incidents).where(eq(incidents.fingerprint, fingerprint)).for('update');
      let id: number;
      if (!existing) {
        const [made] = await tx
          .insert(incidents)
          .values({
            fingerprint,
            kind: first.kind,
            title: normaliseMessage(first.message),
            sample: first.message.slice(0, 1000),
            firstSeen: new Date(Math.min(...times)),
            lastSeen: new Date(Math.max(...times)),
            count: group.length,
            appVersions: versions,
            oses,
          })
          .onConflictDoNothing()
          .returning({ id: incidents.id });
        if (!made) return recordIncidents(tx, group);
        id = made.id;
      } else {
        id = existing.id;
        const merge = (a: Record<string, number>, b: Record<string, number>) => {
          const out = { ...a };
          for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
          return out;
        };
        const reopen =
          existing.state === 'resolved' &&
          (existing.resolvedVersion ? newer(seenNewest, existing.resolvedVersion) : true);
        await tx
          .update(incidents)
          .set({
            lastSeen: new Date(Math.max(existing.lastSeen.getTime(), ...times)),
            firstSeen: new Date(Math.min(existing.firstSeen.getTime(), ...times)),
            count: existing.count + group.length,
            appVersions: merge(existing.appVersions, versions),
            oses: merge(existing.oses, oses),
            ...(reopen ? { state: 'open', regression: true } : {}),
          })
          .where(eq(incidents.id, id));
      }
      if (players.length) {
        // Only the players new to this incident are inserted; the count grows by them (no recount).
        const added = await tx
          .insert(incidentPlayers)
          .values(players.map((userId) => ({ incidentId: id, userId })))
          .onConflictDoNothing()
          .returning({ userId: incidentPlayers.userId });
        if (added.length)
          await tx
            .update(incidents)
            .set({ players: sql`${incidents.players} + ${added.length}` })
            .where(eq(incidents.id, id));
      }
    });
  }
}
