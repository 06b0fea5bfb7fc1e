import {
  buildPath,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type ErrorBody,
  isExpectedRefusal,
  type Locale,
} from '@rookery/contracts';
import { clearCredentials, readToken } from '../access/credentials';
import { previewHeaders } from '../access/preview';
import { logError } from '../ui/error-log';
import { toQueryString } from './query-string';

/** Spec §9. */
export const requestTimeoutMs = 300_000;

/** What a failed call rejects with: the server's body, or one built from the HTTP status. */
export type ApiError = ErrorBody;

export function isApiError(value: unknown): value is ApiError {
  return Boolean(value && typeof value === 'object' && 'code' in value && 'msg' in value);
}

export interface CallOptions {
  /** The caller shows the failure itself (e.g. login's 'Login failed: …'); no global notice. */
  quiet?: boolean;
  signal?: AbortSignal;
}

export interface HttpFailure {
  status: number;
  /** Catalogue text of the status (spec §8). */
  title: string;
  /** The server's (localised) message. */
  detail: string;
}

/** The parts of the app the request layer reaches: set once by the app at start. */
interface ApiHooks {
  locale(): Locale;
  onUnauthorized(): void;
  onHttpFailure(failure: HttpFailure): void;
}

let hooks: ApiHooks = {
  locale: () => 'zh-CN',
  onUnauthorized: () => {},
  onHttpFailure: () => {},
};

/** The language calls are made in. */
export const apiLocale = () => hooks.locale();

export function configureApi(next: Partial<ApiHooks>) {
  hooks = { ...hooks, ...next };
}

/** The input may be left out when none of its parts is required. */
type ApiArgs<E> =
  Partial<EndpointInput<E>> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** The one way the console calls its API: typed by the endpoint table in contracts. */
export async function api<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: ApiArgs<E>
): Promise<EndpointResponse<E>> {
  const { query, body, params } = (input ?? {}) as { query?: object; body?: unknown; params?: object };
  const url =
    buildPath(endpoint.path, params as Record<string, unknown>) + toQueryString(query as Record<string, unknown>);
  const locale = hooks.locale();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': locale };
  const token = readToken();
  if (token) headers.Authorization = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // "View as role": the server refuses a change carrying the marker.
  Object.assign(headers, previewHeaders());

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), requestTimeoutMs);
  options?.signal?.addEventListener('abort', () => controller.abort());
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    // A timeout and a dropped connection both reach the operator as the catalogue's 408 / network text.
    const status = controller.signal.aborted && !options?.signal?.aborted ? 408 : 503;
    const failure: ApiError = { code: status, msg: (await catalogue()).httpErrorText(status, locale) };
    await report(endpoint, status, failure, url, options);
    throw failure;
  } finally {
    clearTimeout(timer);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (payload && typeof payload === 'object' && 'code' in payload) {
    const envelope = payload as { code: number; data?: unknown; msg?: string };
    if (envelope.code === 200) return envelope.data as EndpointResponse<E>;
    const failure = payload as ApiError;
    await report(endpoint, response.ok ? failure.code : response.status, failure, url, options);
    throw failure;
  }
  if (!response.ok) {
    const failure: ApiError = {
      code: response.status,
      msg: (await catalogue()).httpErrorText(response.status, locale, url),
    };
    await report(endpoint, response.status, failure, url, options);
    throw failure;
  }
  // A body without a code is returned as it is (spec §7).
  return payload as EndpointResponse<E>;
}

/** The error catalogue (contracts' message table) is fetched with the first failure, not the page. */
export const catalogue = () => import('./http-errors');

/** Runs in progress whose refusals the caller shows where the operator acted (a confirmation). */
let refusalsInPlace = 0;

/**
 * Run `fn` (an action behind a confirmation) with its calls' refusals (4xx with a message) left to
 * the caller, who shows them in place; faults (5xx, the network) are still reported globally. A
 * call made by anything else meanwhile is treated the same: acceptable, as the confirmation is
 * modal and the list reloads only after success.
 */
export async function refusalsShownInPlace<T>(fn: () => Promise<T> | T): Promise<T> {
  refusalsInPlace += 1;
  try {
    return await fn();
  } finally {
    refusalsInPlace -= 1;
  }
}

/**
 * A refusal the server answered with a message of its catalogue (contracts' `isExpectedRefusal`):
 * said to the operator, but not a front-end error, neither logged nor sent to the server's log.
 */
const serverRefusal = (status: number, failure: ApiError) =>
  failure.key !== undefined && isExpectedRefusal({ status, unknownAddress: failure.unknownAddress });

/**
 * The notice's title: the catalogue text of the status; for a 404 the address only when the server
 * does not know it (spec §8's "request address error"); a 404 about a record is that record's message.
 */
export function failureTitle(status: number, failure: ApiError, url: string, locale: Locale, http: HttpErrors) {
  if (status === 404 && failure.key !== undefined && !failure.unknownAddress) return failure.msg;
  return http.httpErrorText(status, locale, url);
}

type HttpErrors = Awaited<ReturnType<typeof catalogue>>;

/** Log a failed call and tell the operator, as every call does (also for downloads). */
export async function report(
  endpoint: Endpoint,
  status: number,
  failure: ApiError,
  url: string,
  options?: CallOptions,
) {
  const http = await catalogue();
  const title = failureTitle(status, failure, url, hooks.locale(), http);
  if (!serverRefusal(status, failure))
    logError('request', `${endpoint.method} ${url} ${status}: ${failure.msg}`, {
      request: {
        method: endpoint.method,
        url,
        status,
        ...(failure.key ? { key: failure.key } : {}),
        ...(failure.unknownAddress ? { unknownAddress: true as const } : {}),
      },
    });
  // Sign-in and registration answer 401 for bad credentials; only a dead session logs the user out.
  if (status === 401 && endpoint.permission !== 'public') {
    clearCredentials();
    hooks.onUnauthorized();
    return;
  }
  // A conflict on a field (a name already taken) is said on that field by the form, not as
  // the catalogue's "the data changed meanwhile", which means a concurrent edit.
  const fieldConflict = status === 409 && Boolean(failure.errors?.length);
  const shownInPlace = refusalsInPlace > 0 && status < 500;
  if (!options?.quiet && !fieldConflict && !shownInPlace && http.isCataloguedStatus(status))
    hooks.onHttpFailure({ status, title, detail: failure.msg });
}
