import { createHash } from 'node:crypto';
import { type Resource, resources } from '@rookery/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { LiveSnapshot } from '../live-snapshot.js';
import { resourceItems } from './tables.js';

const gameResources = (Object.values(resources) as Resource[]).filter((r) => r.gameVisible);
/** The change channels of every game-visible kind: the content snapshot follows them all. */
export const contentChannels = gameResources.map((r) => r.channel);

interface Published {
  key: string;
  value: unknown;
  /** Window in ms; open ends are ±Infinity. */
  from: number;
  until: number;
}

/** One prepared answer: the envelope as JSON and its ETag. */
export interface ContentAnswer {
  body: string;
  etag: string;
}

/** The published items of every game-visible kind, compiled once per change. */
export interface CompiledContent {
  byKind: Map<string, Published[]>;
  /** Every window start and end, ascending: between two of them the published set cannot change. */
  boundaries: number[];
  /** Prepared answers by kinds and window epoch. */
  answers: Map<string, ContentAnswer>;
}

const MAX_KEPT_ANSWERS = 500;

export async function compileContent(db: Db): Promise<CompiledContent> {
  const rows = await db
    .select()
    .from(resourceItems)
    .where(
      inArray(
        resourceItems.kind,
        gameResources.map((r) => r.name),
      ),
    )
    .orderBy(resourceItems.kind, resourceItems.key);
  const byKind = new Map<string, Published[]>(gameResources.map((r) => [r.name, []]));
  const boundaries = new Set<number>();
  for (const row of rows) {
    const r = gameResources.find((g) => g.name === row.kind)!;
    const { [r.key]: _, ...rest } = row.document;
    const from = row.effectiveAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const until = row.expireAt?.getTime() ?? Number.POSITIVE_INFINITY;
    if (Number.isFinite(from)) boundaries.add(from);
    if (Number.isFinite(until)) boundaries.add(until);
    byKind
      .get(row.kind)!
      .push({ key: row.key, value: r.publish ? r.publish(row.document as never) : rest, from, until });
  }
  return { byKind, boundaries: [...boundaries].sort((a, b) => a - b), answers: new Map() };
}

/** How many window boundaries have passed at `now`. */
function epochAt(boundaries: number[], now: number): number {
  let lo = 0;
  let hi = boundaries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (boundaries[mid] <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The answer for these kinds at `now` (the service clock): items inside their window only. Built
 * once per change and window epoch, then served from memory; the ETag is a hash of the body, so
 * every instance gives the same tag for the same content.
 */
export function contentAnswer(compiled: CompiledContent, kinds: readonly string[], now: number): ContentAnswer {
  const wanted = [...new Set(kinds)];
  const cacheKey = `${wanted.join(',')}|${epochAt(compiled.boundaries, now)}`;
  let answer = compiled.answers.get(cacheKey);
  if (!answer) {
    const content: Record<string, Record<string, unknown>> = {};
    for (const kind of wanted) {
      const items: Record<string, unknown> = {};
      for (const p of compiled.byKind.get(kind) ?? []) if (p.from <= now && now < p.until) items[p.key] = p.value;
      content[kind] = items;
    }
    const body = JSON.stringify({ code: 200, data: { content }, msg: 'ok' });
    answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
    if (compiled.answers.size >= MAX_KEPT_ANSWERS) compiled.answers.clear();
    compiled.answers.set(cacheKey, answer);
  }
  return answer;
}

/** `If-None-Match` names this tag (or `*`). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim());
  return tags.some((t) => t === '*' || t === etag || t === `W/${etag}`);
}

export const newContentSnapshot = () => new LiveSnapshot(compileContent);
