import type { Endpoint, EndpointResponse } from '@rookery/contracts';
import type { z } from 'zod';

/**
 * How a list endpoint pages, sorts and answers, read from its own schemas: the spec's
 * `list/pagination{page,pageSize,total}` lists and its older `datas/count/pageNum/pageSize` ones
 * (`users/count/…` for staff), and plain arrays (searches) paged in the browser.
 */

type ArrayValues<R> = { [K in keyof R]: R[K] extends readonly (infer T)[] ? T : never }[keyof R];
type RowsOf<R> = R extends { list: readonly (infer T)[] } ? T : R extends readonly (infer T)[] ? T : ArrayValues<R>;

/** One row of a list endpoint's answer. */
export type ListRow<E> = RowsOf<EndpointResponse<E>>;

/** The rows and the total count of a list answer, whichever shape it has. */
export function readList<Row>(response: unknown): { rows: Row[]; total: number } {
  if (Array.isArray(response)) return { rows: response, total: response.length };
  const r = (response ?? {}) as Record<string, unknown>;
  if (Array.isArray(r.list)) {
    const pagination = r.pagination as { total?: number } | undefined;
    return { rows: r.list as Row[], total: pagination?.total ?? r.list.length };
  }
  const rows = Object.values(r).find(Array.isArray) as Row[] | undefined;
  return { rows: rows ?? [], total: typeof r.count === 'number' ? r.count : (rows?.length ?? 0) };
}

type Def = { type: string; shape?: Record<string, z.ZodType>; left?: z.ZodType; right?: z.ZodType; in?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema, also through `.and()`, pipes and refinements. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'intersection') return { ...objectShape(def.left), ...objectShape(def.right) };
  if (def.type === 'pipe') return objectShape(def.in);
  return {};
}

export interface ListPaging {
  /** The query parameter of the page number (`page`, or `pageNum` on the older lists); none when unpaged. */
  pageParam?: 'page' | 'pageNum';
  /** The endpoint sorts (`sort` + `order`). */
  sortable: boolean;
  /** The endpoint's default page size (the mail list shows 20). */
  defaultPageSize?: number;
}

export function listPaging(endpoint: Pick<Endpoint, 'query'>): ListPaging {
  const shape = objectShape(endpoint.query);
  const size = shape.pageSize?.safeParse(undefined);
  return {
    pageParam: 'pageNum' in shape ? 'pageNum' : 'page' in shape ? 'page' : undefined,
    sortable: 'sort' in shape && 'order' in shape,
    defaultPageSize: size?.success && typeof size.data === 'number' ? size.data : undefined,
  };
}

/** The query a list sends: its fixed part, the filters, and paging and sort as the endpoint names them. */
export function listQuery(
  paging: ListPaging,
  state: {
    filters: Record<string, string>;
    page: number;
    pageSize: number;
    sort?: { field: string; order: 'asc' | 'desc' };
    cursor?: string;
  },
  fixed: Record<string, unknown> = {},
): Record<string, unknown> {
  const query: Record<string, unknown> = { ...state.filters, ...fixed };
  if (paging.pageParam) {
    query[paging.pageParam] = state.page;
    query.pageSize = state.pageSize;
  }
  if (paging.sortable && state.sort) {
    query.sort = state.sort.field;
    query.order = state.sort.order;
  }
  if (state.cursor) query.cursor = state.cursor;
  return query;
}
