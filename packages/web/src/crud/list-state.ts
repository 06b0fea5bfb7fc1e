import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * A list is an address (UX §5): its filters, page, page size and sort live in the URL's query
 * string, so reload, back, a pasted link and a reopened tab show the same list.
 *
 * In the address: each filter under its query name (`userId=1042`), `page`, `pageSize`, `sort`
 * and `order`; only what differs from the list's defaults is written, and a default filter the
 * operator cleared is written empty (`reviewed=`) so it stays cleared. A list embedded in another
 * page takes a prefix (`events.page=2`) and leaves the page's own parameters alone.
 */

export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}

export interface ListState {
  /** By query name; a time range is its `start` and `end`. */
  filters: Record<string, string>;
  page: number;
  pageSize: number;
  sort?: Sort;
  /** A keyset list's page: the cursor its answer gave for the rows after the shown ones. */
  cursor?: string;
}

export interface ListStateSpec {
  /** The query names the search form sets. */
  filterNames: readonly string[];
  /** What the list shows when the address says nothing. */
  defaults: ListState;
  prefix?: string;
  /** Paged by key: the page is a `cursor` in the address, not a number. */
  keyset?: boolean;
}

const positive = (text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Largest page size the console asks for (the server's bound). */
export const MAX_PAGE_SIZE = 1000;

export function readListState(params: URLSearchParams, spec: ListStateSpec): ListState {
  const at = (name: string) => params.get(spec.prefix ? `${spec.prefix}.${name}` : name);
  const filters: Record<string, string> = {};
  for (const name of spec.filterNames) {
    const value = at(name);
    const chosen = value === null ? spec.defaults.filters[name] : value.trim();
    if (chosen) filters[name] = chosen;
  }
  const field = at('sort');
  const order = at('order');
  return {
    filters,
    page: positive(at('page'), 1),
    pageSize: positive(at('pageSize'), spec.defaults.pageSize, MAX_PAGE_SIZE),
    sort: field === null ? spec.defaults.sort : field ? { field, order: order === 'asc' ? 'asc' : 'desc' } : undefined,
    ...(spec.keyset && at('cursor') ? { cursor: at('cursor') as string } : {}),
  };
}

/** `params` with the list's part replaced by `state`; other parameters stay as they were. */
export function writeListState(params: URLSearchParams, state: ListState, spec: ListStateSpec): URLSearchParams {
  const key = (name: string) => (spec.prefix ? `${spec.prefix}.${name}` : name);
  const next = new URLSearchParams(params);
  for (const name of [...spec.filterNames, 'page', 'pageSize', 'sort', 'order', ...(spec.keyset ? ['cursor'] : [])])
    next.delete(key(name));
  for (const name of spec.filterNames) {
    const value = state.filters[name] ?? '';
    if (value !== (spec.defaults.filters[name] ?? '')) next.set(key(name), value);
  }
  if (state.page !== 1) next.set(key('page'), String(state.page));
  if (state.pageSize !== spec.defaults.pageSize) next.set(key('pageSize'), String(state.pageSize));
  const sort = state.sort;
  const defaultSort = spec.defaults.sort;
  if (sort && (sort.field !== defaultSort?.field || sort.order !== defaultSort?.order)) {
    next.set(key('sort'), sort.field);
    next.set(key('order'), sort.order);
  } else if (!sort && defaultSort) next.set(key('sort'), '');
  if (spec.keyset && state.cursor) next.set(key('cursor'), state.cursor);
  return next;
}

/**
 * The list state held in the address. `search` and `turn` write a new history entry (back
 * returns to the previous list), so each list the operator looked at can be returned to.
 */
export function useListState(spec: ListStateSpec) {
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => readListState(params, spec), [params, spec]);
  // The list follows a search at once; the address follows when the router has navigated.
  const [pending, setPending] = useState<ListState>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address changed (caught up, back, a link): it is the truth again
  useEffect(() => setPending(undefined), [params]);
  const state = pending ?? fromAddress;
  const { pathname } = useLocation();
  const go = useCallback(
    (next: ListState, replace = false) => {
      // The operator has already left this list (a link followed while it was still completing
      // its address): writing it now would take them back.
      if (window.location.pathname !== pathname) return;
      setPending(next);
      setParams((current) => writeListState(current, next, spec), { replace });
    },
    [setParams, spec, pathname],
  );
  return {
    state,
    /** New filters: back to the first page. */
    search: useCallback(
      (filters: Record<string, string>) => go({ ...state, filters, page: 1, cursor: undefined }),
      [go, state],
    ),
    /** Filters the address lacked and the list needs (a keyset list's time window), in place: no new entry. */
    complete: useCallback(
      (filters: Record<string, string>) => go({ ...state, filters: { ...state.filters, ...filters } }, true),
      [go, state],
    ),
    /** A keyset list's page: the rows after `cursor`, or the newest without one. */
    turnTo: useCallback((cursor: string | undefined) => go({ ...state, cursor }), [go, state]),
    /** Another page, page size or sort. */
    turn: useCallback(
      (page: number, pageSize: number, sort: Sort | undefined) =>
        go({ ...state, page: pageSize === state.pageSize ? page : 1, pageSize, sort }),
      [go, state],
    ),
  };
}
