import { describe, expect, it } from 'vitest';
import type { SearchField } from './search-values';
import { filterNames, searchFilters, searchValues } from './search-values';

const fields: SearchField[] = [
  { name: 'email', search: 'text' },
  { name: 'roleName', search: 'text' },
  { name: 'status', search: 'select' },
  { name: 'name', search: 'text', filter: 'searchName' },
  { name: 'at', search: 'timeRange' },
  { name: 'shownOnly' },
];

describe('searchFilters', () => {
  it('trims text, drops empty values and uses the query name of each field', () => {
    expect(searchFilters({ email: '  a@b.c ', roleName: '   ', status: undefined, name: 'x' }, fields)).toEqual({
      email: 'a@b.c',
      searchName: 'x',
    });
  });
  it('splits a time range into ISO start and end', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const end = new Date('2026-01-02T00:00:00Z');
    expect(searchFilters({ at: [start, end], email: 'admin' }, fields)).toEqual({
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-01-02T00:00:00.000Z',
      email: 'admin',
    });
    expect(searchFilters({ at: null }, fields)).toEqual({});
  });
  it('names what the form sets', () => {
    expect(filterNames(fields)).toEqual(['email', 'roleName', 'status', 'searchName', 'start', 'end']);
  });
});

describe('searchValues', () => {
  it('gives the form back what the filters hold, every searchable field set', () => {
    const values = searchValues(
      { email: 'a@b.c', searchName: 'x', start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' },
      fields,
    );
    expect(Object.keys(values)).toEqual(['email', 'roleName', 'status', 'name', 'at']);
    expect(values.roleName).toBeUndefined();
    expect(values.name).toBe('x');
    const range = values.at as { toISOString(): string }[];
    expect(range.map((d) => d.toISOString())).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);
    // And back: the round trip keeps the filters.
    expect(searchFilters(values, fields)).toEqual({
      email: 'a@b.c',
      searchName: 'x',
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-01-02T00:00:00.000Z',
    });
  });
  it('leaves the range empty without a start and an end', () => {
    expect(searchValues({}, fields).at).toBeUndefined();
  });
});
