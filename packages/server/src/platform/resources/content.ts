import { type Resource, resources } from '@rookery/contracts';
import { etagOf } from '../http/etag.js';
import { CompiledView, type ItemsByKind } from './game-views.js';

const gameResources = (Object.values(resources) as Resource[]).filter((r) => r.gameVisible);

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

export function compileContent(items: ItemsByKind): CompiledContent {
  const byKind = new Map<string, Published[]>(gameResources.map((r) => [r.name, []]));
  const boundaries = new Set<number>();
  for (const r of gameResources) {
    for (const item of items.get(r.name) ?? []) {
      // The game never sees a secret (nor the key, which names the item).
      const rest = Object.fromEntries(
        Object.entries(item.document).filter(([k]) => k !== r.key && !(r.secret ?? []).includes(k)),
      );
      const from = item.effectiveAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      const until = item.expireAt?.getTime() ?? Number.POSITIVE_INFINITY;
      if (Number.isFinite(from)) boundaries.add(from);
      if (Number.isFinite(until)) boundaries.add(until);
      byKind
        .get(r.name)!
        .push({ key: item.key, value: r.publish ? r.publish(item.document as never) : rest, from, until });
    }
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
    answer = { body, etag: etagOf(body) };
    if (compiled.answers.size >= MAX_KEPT_ANSWERS) compiled.answers.clear();
    compiled.answers.set(cacheKey, answer);
  }
  return answer;
}

export const newContentSnapshot = () => new CompiledView(gameResources, compileContent);
