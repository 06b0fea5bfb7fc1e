import {
  configOverrideResource,
  constantResource,
  endpoints,
  maintenanceWindowResource,
  unlockTrackResource,
} from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { listPaging, listQuery } from '../list-shape';
import { type ListStateSpec, readListState, writeListState } from '../list-state';
import { filterNames, searchFilters, searchValues } from '../search-values';
import { declaredFilterFields } from './list-fields';

/** The declared filters and sort of a resource list, from the search form to the address and back. */

const specOf = (names: string[], prefix?: string): ListStateSpec => ({
  filterNames: names,
  defaults: { filters: {}, page: 1, pageSize: 20 },
  prefix,
});

/** Form values → address → form values, and the query the list sends, checked by the endpoint's schema. */
function roundTrip(
  resource: Parameters<typeof declaredFilterFields>[0],
  values: Record<string, unknown>,
  sort?: { field: string; order: 'asc' | 'desc' },
  prefix?: string,
) {
  const fields = declaredFilterFields(resource);
  const spec = specOf(filterNames(fields), prefix);
  const filters = searchFilters(values, fields);
  const address = writeListState(new URLSearchParams(), { filters, page: 2, pageSize: 20, sort }, spec);
  const state = readListState(new URLSearchParams(address.toString()), spec);
  const endpoint = (endpoints as Record<string, { query?: import('zod').ZodType }>)[`${resource.name}List`];
  const query = listQuery(listPaging(endpoint as never), state);
  return { address: address.toString(), state, back: searchValues(state.filters, fields), query, endpoint };
}

describe('declared filters and sort in the address', () => {
  it('an enum and a state filter with a sort: written, read back, accepted by the list endpoint', () => {
    const r = roundTrip(
      constantResource,
      { filter_type: 'number', filter_window: 'active' },
      { field: 'name', order: 'desc' },
    );
    expect(r.address).toBe('type=number&window=active&page=2&sort=name&order=desc');
    expect(r.state).toEqual({
      filters: { type: 'number', window: 'active' },
      page: 2,
      pageSize: 20,
      sort: { field: 'name', order: 'desc' },
    });
    expect(r.back).toEqual({ filter_type: 'number', filter_window: 'active' });
    expect(r.query).toEqual({ type: 'number', window: 'active', page: 2, pageSize: 20, sort: 'name', order: 'desc' });
    expect(r.endpoint.query!.safeParse(r.query).success).toBe(true);
  });

  it('a number range sets its two parameters, each bound alone too', () => {
    const both = roundTrip(unlockTrackResource, { filter_level: [5, 10] }, { field: 'level', order: 'asc' });
    expect(both.address).toBe('levelMin=5&levelMax=10&page=2&sort=level&order=asc');
    expect(both.back).toEqual({ filter_kind: undefined, filter_level: [5, 10] });
    expect(both.endpoint.query!.safeParse(both.query).success).toBe(true);
    const low = roundTrip(unlockTrackResource, { filter_level: [7, null] });
    expect(low.state.filters).toEqual({ levelMin: '7' });
    expect(low.back.filter_level).toEqual([7, null]);
    // A range the wrong way round is refused by the endpoint's own schema (said on the form).
    const wrong = roundTrip(unlockTrackResource, { filter_level: [10, 5] });
    expect(wrong.endpoint.query!.safeParse(wrong.query).success).toBe(false);
  });

  it('a time range under its own names, with a state filter, in a prefixed list', () => {
    const from = new Date('2026-11-24T00:00:00.000Z');
    const to = new Date('2026-11-25T00:00:00.000Z');
    const r = roundTrip(
      maintenanceWindowResource,
      { filter_state: 'scheduled', filter_startAt: [from, to] },
      undefined,
      'w',
    );
    expect(r.address).toBe(
      'w.state=scheduled&w.startAtFrom=2026-11-24T00%3A00%3A00.000Z&w.startAtTo=2026-11-25T00%3A00%3A00.000Z&w.page=2',
    );
    const range = r.back.filter_startAt as { toISOString(): string }[];
    expect(range.map((d) => d.toISOString())).toEqual([from.toISOString(), to.toISOString()]);
    expect(r.endpoint.query!.safeParse(r.query).success).toBe(true);
  });

  it('a reference filter carries the key it picked', () => {
    const r = roundTrip(configOverrideResource, { filter_field: 'coinBonus' });
    expect(r.address).toBe('field=coinBonus&page=2');
    expect(r.back).toEqual({ filter_field: 'coinBonus' });
    expect(declaredFilterFields(configOverrideResource)[0].reference?.name).toBe('config');
  });

  it('a sort the list does not declare is refused by its endpoint', () => {
    const r = roundTrip(constantResource, {}, { field: 'value', order: 'asc' });
    expect(r.endpoint.query!.safeParse(r.query).success).toBe(false);
  });
});
