/**
 * Search form values as query filters: text trimmed and dropped when empty (spec §5), a time
 * range split into ISO `start` and `end`.
 */
export function searchFilters(
  values: Record<string, unknown>,
  timeRangeField?: string,
): Record<string, string | undefined> {
  const filters: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === timeRangeField) {
      const [start, end] = Array.isArray(value) ? value : [];
      filters.start = toIso(start);
      filters.end = toIso(end);
      continue;
    }
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text) filters[key] = text;
  }
  return filters;
}

function toIso(value: unknown): string | undefined {
  if (!value) return undefined;
  if (value instanceof Date) return value.toISOString();
  const convertible = value as { toISOString?: () => string };
  return typeof convertible.toISOString === 'function' ? convertible.toISOString() : undefined;
}
