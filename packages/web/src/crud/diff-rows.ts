import { create, type Delta } from 'jsondiffpatch';

/** One changed leaf of a document: where it is, and what it was and became. */
export interface DiffRow {
  /** Path segments from the document's root: keys, and array positions as numbers. */
  path: (string | number)[];
  kind: 'added' | 'removed' | 'changed' | 'moved';
  before?: unknown;
  after?: unknown;
}

// Array items are matched by their identity where they have one, so an insertion in a list of
// rewards or conditional values reads as one added item, not as every later item changed.
const differ = create({
  objectHash: (item: object, index?: number) => {
    const o = item as Record<string, unknown>;
    const id = o.id ?? o.key ?? o.name;
    return id === undefined || id === null ? `$$index:${index}` : String(id);
  },
  arrays: { detectMove: true, includeValueOnMove: false },
});

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaves of a value added or removed whole: one row per primitive, so nothing shows as JSON. */
function leaves(value: unknown, path: (string | number)[], kind: 'added' | 'removed', out: DiffRow[]): void {
  const side = kind === 'added' ? 'after' : 'before';
  if (Array.isArray(value) && value.length > 0 && value.some((v) => typeof v === 'object' && v !== null)) {
    value.forEach((v, i) => {
      leaves(v, [...path, i], kind, out);
    });
  } else if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], kind, out);
  } else {
    out.push({ path, kind, [side]: value });
  }
}

function walk(delta: Delta, path: (string | number)[], out: DiffRow[]): void {
  if (Array.isArray(delta)) {
    if (delta.length === 1) {
      leaves(delta[0], path, 'added', out);
      return;
    }
    if (delta.length === 2) {
      const [before, after] = delta;
      // A value that changed shape (object ↔ primitive): the old leaves went, the new came.
      if (isPlainObject(before) || isPlainObject(after) || Array.isArray(before) || Array.isArray(after)) {
        leaves(before, path, 'removed', out);
        leaves(after, path, 'added', out);
        return;
      }
      out.push({ path, kind: 'changed', before, after });
      return;
    }
    if (delta.length === 3 && delta[2] === 0) {
      leaves(delta[0], path, 'removed', out);
      return;
    }
    if (delta.length === 3 && delta[2] === 3) {
      out.push({ path, kind: 'moved', before: path.at(-1), after: delta[1] });
      return;
    }
    return;
  }
  if (!isPlainObject(delta)) return;
  const entries = delta as Record<string, unknown>;
  if (entries._t === 'a') {
    const keys = Object.keys(entries).filter((k) => k !== '_t');
    // Removals and moves are keyed by the old position (`_n`), the rest by the new one.
    const position = (k: string) => Number(k.startsWith('_') ? k.slice(1) : k);
    keys.sort((a, b) => position(a) - position(b) || (a.startsWith('_') ? -1 : 1));
    for (const k of keys) walk(entries[k] as Delta, [...path, position(k)], out);
    return;
  }
  for (const [k, d] of Object.entries(entries)) walk(d as Delta, [...path, k], out);
}

/** The field-level changes from `before` to `after` (either may be absent: created or deleted). */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const out: DiffRow[] = [];
  if (before === undefined || before === null) {
    if (after !== undefined && after !== null) leaves(after, [], 'added', out);
    return out.filter((r) => r.path.length > 0 || r.after !== undefined);
  }
  if (after === undefined || after === null) {
    leaves(before, [], 'removed', out);
    return out;
  }
  const delta = differ.diff(before, after);
  if (delta) walk(delta, [], out);
  return out;
}
