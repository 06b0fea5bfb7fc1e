// Parsing only: the pickers that show these values set the locale (../i18n/dayjs).
import dayjs, { type Dayjs } from 'dayjs';
import type { Field } from './fields';

/** What the search needs to know of a field. */
export type SearchField = Pick<Field<never>, 'name' | 'search' | 'filter' | 'range'>;

const isRange = (f: SearchField) => f.search === 'timeRange' || f.search === 'numberRange';
/** The two query names of a range: a time range's are `start` and `end` unless it names its own. */
export const rangeParams = (f: SearchField): readonly [string, string] =>
  f.range ?? (f.search === 'timeRange' ? ['start', 'end'] : [`${f.name}Min`, `${f.name}Max`]);

/** The query names a search form sets: a range sets two. */
export function filterNames(fields: readonly SearchField[]): string[] {
  return fields.flatMap((f) => (!f.search ? [] : isRange(f) ? [...rangeParams(f)] : [f.filter ?? f.name]));
}

/**
 * Search form values as query filters: text trimmed and dropped when empty (spec §5), a time
 * range split into ISO `start` and `end`, each under the query name of its field.
 */
export function searchFilters(values: Record<string, unknown>, fields: readonly SearchField[]): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const f of fields) {
    if (!f.search) continue;
    const value = values[f.name];
    if (isRange(f)) {
      const [low, high] = Array.isArray(value) ? value : [];
      const text = f.search === 'timeRange' ? toIso : toNumberText;
      rangeParams(f).forEach((param, i) => {
        const bound = text([low, high][i]);
        if (bound !== undefined) filters[param] = bound;
      });
      continue;
    }
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text) filters[f.filter ?? f.name] = text;
  }
  return filters;
}

/** The search form's values for filters (the inverse of `searchFilters`); every searchable field is set. */
export function searchValues(filters: Record<string, string>, fields: readonly SearchField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    if (!f.search) continue;
    if (f.search === 'timeRange') {
      const range = rangeParams(f)
        .map((p) => filters[p])
        .map((v) => (v && dayjs(v).isValid() ? dayjs(v) : null));
      values[f.name] = range.some(Boolean) ? (range as [Dayjs | null, Dayjs | null]) : undefined;
    } else if (f.search === 'numberRange') {
      const range = rangeParams(f).map((p) => (filters[p] === undefined ? null : Number(filters[p])));
      values[f.name] = range.some((v) => v !== null) ? range : undefined;
    } else values[f.name] = filters[f.filter ?? f.name];
  }
  return values;
}

function toNumberText(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

function toIso(value: unknown): string | undefined {
  if (!value) return undefined;
  if (value instanceof Date) return value.toISOString();
  const convertible = value as { toISOString?: () => string };
  return typeof convertible.toISOString === 'function' ? convertible.toISOString() : undefined;
}
