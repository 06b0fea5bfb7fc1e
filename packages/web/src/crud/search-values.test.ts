import { describe, expect, it } from 'vitest';
import { searchFilters } from './search-values';

describe('searchFilters', () => {
  it('trims text and drops empty values', () => {
    expect(searchFilters({ email: '  a@b.c ', roleName: '   ', status: undefined })).toEqual({ email: 'a@b.c' });
  });
  it('splits a time range into ISO start and end', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const end = new Date('2026-01-02T00:00:00Z');
    expect(searchFilters({ range: [start, end], actor: 'admin' }, 'range')).toEqual({
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-01-02T00:00:00.000Z',
      actor: 'admin',
    });
    expect(searchFilters({ range: null }, 'range')).toEqual({ start: undefined, end: undefined });
  });
});
