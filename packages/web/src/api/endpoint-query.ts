import type { Endpoint, EndpointInput, EndpointResponse } from '@rookery/contracts';
import {
  type QueryClient,
  queryOptions,
  type UseQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type CallOptions } from './request';

/**
 * The console's one way to read and change data: by an entry of the contracts endpoint table.
 * A read's cache key is the endpoint's name and its input; a mutation invalidates the reads its
 * endpoint declares in `invalidates`. Features never write a query key or invalidate by hand.
 */

/** An endpoint of a table made with `endpointTable` (it knows its name). */
/** Whether a failed call's error is the server's answer (a refusal with its message), for a page showing it in place. */
export { isApiError } from './request';

export type NamedEndpoint = Endpoint & { name: string };

function nameOf(endpoint: Endpoint): string {
  if (!endpoint.name) throw new Error(`endpoint ${endpoint.method} ${endpoint.path} has no name (use endpointTable)`);
  return endpoint.name;
}

/** The cache key of a read: `[name, input]`; `[name]` alone matches every input. */
export function endpointKey(endpoint: Endpoint, input?: unknown): readonly unknown[] {
  return input === undefined ? [nameOf(endpoint)] : [nameOf(endpoint), input];
}

/** Query options of a read, for `useQuery`, `fetchQuery` or `ensureQueryData`. */
export function endpointQuery<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>, options?: CallOptions) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input ?? {}),
    // No abort signal: a read left behind by a remount finishes and fills the cache, where an
    // aborted one would be reported to the operator as a failed request.
    queryFn: () => (api as CallAny)(endpoint, input, options) as Promise<EndpointResponse<E>>,
  });
}

type CallAny = (endpoint: Endpoint, input?: unknown, options?: CallOptions) => Promise<unknown>;

type ReadOptions<E extends Endpoint, T> = Omit<
  UseQueryOptions<EndpointResponse<E>, unknown, T>,
  'queryKey' | 'queryFn'
> &
  /** `quiet`: the screen shows a failure itself (no global notice). */
  Pick<CallOptions, 'quiet'>;

/** Read an endpoint; cached under its name and input. */
export function useEndpointQuery<E extends Endpoint, T = EndpointResponse<E>>(
  endpoint: E,
  input?: EndpointInput<E>,
  options?: ReadOptions<E, T>,
) {
  const { quiet, ...query } = options ?? {};
  return useQuery({ ...endpointQuery(endpoint, input, { quiet }), ...query } as UseQueryOptions<
    EndpointResponse<E>,
    unknown,
    T
  >);
}

/**
 * Read a paged list endpoint a page at a time (a picker that loads more as it scrolls): cached
 * under the endpoint's name, so the mutations that invalidate the list reload it too.
 */
export function useEndpointPages<E extends Endpoint>(
  endpoint: E,
  query: Record<string, unknown>,
  pageSize: number,
  nextPage: (answer: EndpointResponse<E>, loaded: number) => number | undefined,
) {
  return useInfiniteQuery({
    queryKey: endpointKey(endpoint, { query, pageSize, pages: true }),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      (api as CallAny)(endpoint, { query: { ...query, page: pageParam, pageSize } }) as Promise<EndpointResponse<E>>,
    getNextPageParam: (last, all) => nextPage(last, all.length),
  });
}

/** Mark stale, and reload where shown, every read a mutation endpoint declares it changes. */
export async function invalidateAfter(queryClient: QueryClient, endpoint: Endpoint): Promise<void> {
  await Promise.all((endpoint.invalidates ?? []).map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

/**
 * Call a mutation endpoint. `mutateAsync(input)` resolves after the reads it invalidates have
 * reloaded, so a screen that navigates on success lands on fresh data.
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation<EndpointResponse<E>, unknown, EndpointInput<E>>({
    mutationKey: endpointKey(endpoint),
    mutationFn: (input) => (api as CallAny)(endpoint, input) as Promise<EndpointResponse<E>>,
    onSuccess: () => invalidateAfter(queryClient, endpoint),
  });
}

/**
 * Call a mutation endpoint chosen at run time (a list's declared actions): the reads it declares
 * in `invalidates` reload after it, as with `useEndpointMutation`.
 */
export function useEndpointCall() {
  const queryClient = useQueryClient();
  return async <E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointResponse<E>> => {
    const answer = (await (api as CallAny)(endpoint, input)) as EndpointResponse<E>;
    await invalidateAfter(queryClient, endpoint);
    return answer;
  };
}

/**
 * Read an endpoint on demand (a download, a preview, a dialog): through the cache, so a second
 * look is instant and a mutation's invalidation reaches it too.
 */
export function useEndpointFetch() {
  const queryClient = useQueryClient();
  /** `quiet`: the caller shows a failure itself (no global notice). */
  return <E extends Endpoint>(endpoint: E, input?: EndpointInput<E>, options?: Pick<CallOptions, 'quiet'>) =>
    queryClient.fetchQuery(endpointQuery(endpoint, input, options));
}
