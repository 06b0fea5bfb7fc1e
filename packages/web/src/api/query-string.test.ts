import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('leaves out empty values and repeats arrays', () => {
    expect(toQueryString({ a: 1, b: '', c: undefined, d: null, e: ['x', 'y'] })).toBe('?a=1&e=x&e=y');
  });
  it('sends dates as ISO-8601', () => {
    expect(toQueryString({ at: new Date('2026-01-02T03:04:05Z') })).toBe('?at=2026-01-02T03%3A04%3A05.000Z');
  });
  it('is empty without parameters', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: '' })).toBe('');
  });
});
