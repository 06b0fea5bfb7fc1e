import { describe, expect, it } from 'vitest';
import { type ListState, type ListStateSpec, readListState, writeListState } from './list-state';

const spec: ListStateSpec = {
  filterNames: ['userId', 'status', 'reviewed', 'start', 'end'],
  defaults: { filters: { reviewed: 'false' }, page: 1, pageSize: 10 },
};

const roundTrip = (state: ListState, s = spec, around = '') =>
  readListState(writeListState(new URLSearchParams(around), state, s), s);

describe('list state in the address', () => {
  it('an empty address is the defaults', () => {
    expect(readListState(new URLSearchParams(''), spec)).toEqual({
      filters: { reviewed: 'false' },
      page: 1,
      pageSize: 10,
      sort: undefined,
    });
  });

  it('filters, page, page size and sort survive the round trip', () => {
    const state: ListState = {
      filters: { userId: '1042', status: 'frozen', reviewed: 'true', start: '2026-01-01T00:00:00.000Z' },
      page: 3,
      pageSize: 50,
      sort: { field: 'lastLoginAt', order: 'asc' },
    };
    expect(roundTrip(state)).toEqual(state);
    expect(writeListState(new URLSearchParams(), state, spec).toString()).toBe(
      'userId=1042&status=frozen&reviewed=true&start=2026-01-01T00%3A00%3A00.000Z&page=3&pageSize=50&sort=lastLoginAt&order=asc',
    );
  });

  it('writes only what differs from the defaults', () => {
    const state = { filters: { reviewed: 'false' }, page: 1, pageSize: 10 };
    expect(writeListState(new URLSearchParams(), state, spec).toString()).toBe('');
  });

  it('keeps a cleared default filter cleared', () => {
    const state: ListState = { filters: {}, page: 1, pageSize: 10 };
    expect(writeListState(new URLSearchParams(), state, spec).toString()).toBe('reviewed=');
    expect(roundTrip(state)).toEqual({ ...state, sort: undefined });
  });

  it('leaves the page’s own parameters alone and replaces only its own', () => {
    const state: ListState = { filters: { userId: '7', reviewed: 'false' }, page: 2, pageSize: 10 };
    const next = writeListState(new URLSearchParams('mailScope=global&userId=5&page=9'), state, spec);
    expect(next.toString()).toBe('mailScope=global&userId=7&page=2');
  });

  it('a prefix keeps two lists of one page apart', () => {
    const events = { ...spec, prefix: 'events' };
    const state: ListState = { filters: { status: 'x', reviewed: 'false' }, page: 4, pageSize: 10 };
    const params = writeListState(new URLSearchParams('userId=9'), state, events);
    expect(params.toString()).toBe('userId=9&events.status=x&events.page=4');
    expect(readListState(params, events)).toEqual(state);
    // The page's own list reads its own parameters only.
    expect(readListState(params, spec).page).toBe(1);
  });

  it('ignores what is not a page or a page size', () => {
    const state = readListState(new URLSearchParams('page=-2&pageSize=abc'), spec);
    expect([state.page, state.pageSize]).toEqual([1, 10]);
    expect(readListState(new URLSearchParams('pageSize=100000'), spec).pageSize).toBe(10);
  });

  it('trims filters and drops empty ones; an unknown order is descending', () => {
    const state = readListState(new URLSearchParams('userId=%20%2042%20&status=&sort=userId&order=up'), spec);
    expect(state.filters).toEqual({ userId: '42', reviewed: 'false' });
    expect(state.sort).toEqual({ field: 'userId', order: 'desc' });
  });

  it('a keyset list keeps its cursor in the address; an offset list leaves a `cursor` alone', () => {
    const keyset: ListStateSpec = { ...spec, keyset: true };
    const state: ListState = {
      filters: { start: 'a', end: 'b', reviewed: 'false' },
      page: 1,
      pageSize: 10,
      cursor: 'k1',
    };
    const params = writeListState(new URLSearchParams(), state, keyset);
    expect(params.toString()).toBe('start=a&end=b&cursor=k1');
    expect(readListState(params, keyset)).toEqual(state);
    // The newest page: no cursor written.
    expect(writeListState(params, { ...state, cursor: undefined }, keyset).toString()).toBe('start=a&end=b');
    expect(readListState(new URLSearchParams('cursor=k1'), spec).cursor).toBeUndefined();
    expect(writeListState(new URLSearchParams('cursor=k1'), state, spec).get('cursor')).toBe('k1');
  });
});
