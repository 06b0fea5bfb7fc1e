import { buildPath, type Endpoint, type EndpointInput } from '@rookery/contracts';
import { readToken } from '../access/credentials';
import { toQueryString } from './query-string';
import { type ApiError, apiLocale, type CallOptions, catalogue, isApiError, report } from './request';
/**
 * Save a raw endpoint's answer (a CSV export) as a file, named as the server's
 * `Content-Disposition` says. Failures go through the same notices as `api`.
 */
export async function download<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  fallbackName: string,
  options?: CallOptions,
): Promise<void> {
  const { query, params } = (input ?? {}) as { query?: object; params?: object };
  const url =
    buildPath(endpoint.path, params as Record<string, unknown>) + toQueryString(query as Record<string, unknown>);
  const locale = apiLocale();
  const headers: Record<string, string> = { 'Accept-Language': locale };
  const token = readToken();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, signal: options?.signal });
  } catch {
    const failure: ApiError = { code: 503, msg: (await catalogue()).httpErrorText(503, locale) };
    await report(endpoint, 503, failure, url, options);
    throw failure;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiError | undefined;
    const failure: ApiError = isApiError(body)
      ? body
      : { code: response.status, msg: (await catalogue()).httpErrorText(response.status, locale, url) };
    await report(endpoint, response.status, failure, url, options);
    throw failure;
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = named ?? fallbackName;
  link.click();
  URL.revokeObjectURL(href);
}
