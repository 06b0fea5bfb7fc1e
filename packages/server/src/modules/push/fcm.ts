import { JWT } from 'google-auth-library';
import type { FcmSettings } from '../../platform/config.js';

/**
 * Firebase Cloud Messaging, HTTP v1 (docs/decisions/2026-11-29-push-fcm.md): one message per
 * request (`POST {endpoint}/v1/projects/{project}/messages:send`), authorised by an OAuth2 access
 * token that `google-auth-library` obtains from the service account (a JWT bearer grant posted to
 * the account's `token_uri`, the assertion signed RS256 with its key) and keeps until it expires.
 * Each answer becomes an outcome: accepted, an invalid token (pruned), a retry (429, 5xx, the
 * network) or a failure. Neither the key nor a token ever leaves this file: outcomes carry FCM's
 * error codes only.
 */

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** google-auth-library posts the grant here; a service account naming another `token_uri` is honoured. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Requests to FCM one process has in flight at most (all sends together). */
export const FCM_IN_FLIGHT = 8;
const REQUEST_TIMEOUT_MS = 10_000;

/** A message as the outbox holds it. */
export interface OutboxMessage {
  token: string;
  platform: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

export type FcmOutcome =
  /** FCM accepted it: `name` is its message ID (`projects/…/messages/…`). */
  | { kind: 'sent'; name: string }
  /** FCM says the token is dead or not a token of this project: the device is pruned. */
  | { kind: 'invalid'; code: string }
  /** Try again later: after `retryAfterMs` when FCM said (Retry-After), else after the backoff. */
  | { kind: 'retry'; code: string; retryAfterMs?: number }
  /** Refused for good (`auth`: the service account or its token was refused). */
  | { kind: 'failed'; code: string; auth?: boolean };

/** The v1 request body of a message. */
export function fcmMessage(m: OutboxMessage) {
  const image = m.data.imageUrl || undefined;
  const message: {
    token: string;
    notification: { title: string; body: string; image?: string };
    data: Record<string, string>;
    apns?: { payload: { aps: Record<string, unknown> }; fcm_options: { image: string } };
  } = {
    token: m.token,
    notification: { title: m.title, body: m.body, ...(image ? { image } : {}) },
    data: m.data,
  };
  // iOS shows an image only through a notification service extension, which needs mutable-content.
  if (m.platform === 'ios' && image)
    message.apns = { payload: { aps: { 'mutable-content': 1 } }, fcm_options: { image } };
  return { message };
}

/**
 * `Retry-After` as milliseconds to wait: delay-seconds, or an HTTP date read against `referenceMs`
 * (the answer's own `Date` when it has one, so the two clocks never mix). Undefined when absent or
 * unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, referenceMs: number): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - referenceMs);
}

interface GoogleError {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

/** An error code as stored: FCM's words only (letters, digits, underscores), nothing it quoted. */
const codeOf = (v: unknown, fallback: string) =>
  typeof v === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(v) ? v : fallback;

/** FCM's `errorCode` (its FcmError detail), else the API's status. */
export function fcmErrorCode(body: unknown): string | undefined {
  const e = (body as GoogleError | undefined)?.error;
  const detail = e?.details?.find((d) => String(d?.['@type'] ?? '').endsWith('google.firebase.fcm.v1.FcmError'));
  const code = detail?.errorCode ?? e?.status;
  return typeof code === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(code) ? code : undefined;
}

/**
 * What an FCM answer means for the message. Only answers about the token prune it: `UNREGISTERED`,
 * `INVALID_ARGUMENT` about `message.token` (an INVALID_ARGUMENT naming another field is our message's
 * fault: failed, the token kept), `SENDER_ID_MISMATCH`. 429 and 5xx are retried; 401 and 403 are the
 * service account's (the caller refreshes the token once on 401 first).
 */
export function classifyFcmAnswer(status: number, body: unknown, retryAfterMs?: number): FcmOutcome {
  if (status >= 200 && status < 300) {
    const name = (body as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' ? { kind: 'sent', name } : { kind: 'failed', code: 'BAD_ANSWER' };
  }
  const code = fcmErrorCode(body) ?? `HTTP_${status}`;
  if (status === 429 || status >= 500) return { kind: 'retry', code, retryAfterMs };
  if (code === 'UNREGISTERED') return { kind: 'invalid', code };
  if (status === 403 && code === 'SENDER_ID_MISMATCH') return { kind: 'invalid', code };
  if (status === 400 && code === 'INVALID_ARGUMENT') {
    const e = (body as GoogleError).error;
    const fields = (e?.details ?? []).flatMap((d) => d.fieldViolations ?? []).map((f) => f.field ?? '');
    const aboutToken =
      fields.length > 0 ? fields.includes('message.token') : /registration token/i.test(e?.message ?? '');
    return aboutToken ? { kind: 'invalid', code } : { kind: 'failed', code };
  }
  if (status === 401 || status === 403) return { kind: 'failed', code, auth: code !== 'THIRD_PARTY_AUTH_ERROR' };
  return { kind: 'failed', code };
}

/** At most `limit` calls of `run` at once; the others wait their turn. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await fn();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** A token request that failed: refused (4xx: the account or its key) or Google unreachable. */
function tokenFailure(err: unknown): FcmOutcome {
  const res = (err as { response?: { status?: number; data?: { error?: unknown } } } | undefined)?.response;
  const status = res?.status;
  if (status !== undefined && status >= 400 && status < 500 && status !== 429)
    return { kind: 'failed', code: `TOKEN_${codeOf(res?.data?.error, `HTTP_${status}`)}`, auth: true };
  return { kind: 'retry', code: status ? `TOKEN_HTTP_${status}` : 'TOKEN_UNREACHABLE' };
}

/** The FCM client of a process: its access token, kept by google-auth-library, and its requests in flight. */
export class FcmClient {
  private readonly jwt: JWT;
  private readonly limiter = new Limiter(FCM_IN_FLIGHT);
  private readonly url: string;

  constructor(settings: FcmSettings) {
    this.jwt = new JWT({
      email: settings.clientEmail,
      key: settings.privateKey,
      scopes: [FCM_SCOPE],
      // The assertion's audience is where it is posted (Google's accounts name its token URL).
      additionalClaims: { aud: settings.tokenUri },
    });
    if (settings.tokenUri !== GOOGLE_TOKEN_URL) {
      const tokenUri = settings.tokenUri;
      this.jwt.transporter.interceptors.request.add({
        resolved: async (opts) => {
          if (String(opts.url) === GOOGLE_TOKEN_URL) opts.url = new URL(tokenUri);
          return opts;
        },
      });
    }
    this.url = `${settings.endpoint}/v1/projects/${encodeURIComponent(settings.projectId)}/messages:send`;
  }

  /**
   * The access token: the one held until it nears its end, else a new one (concurrent callers share
   * one request). Given the `stale` token FCM just refused, that one is dropped first — unless another
   * request already replaced it.
   */
  private async accessToken(stale?: string): Promise<string> {
    if (stale !== undefined && this.jwt.credentials.access_token === stale)
      this.jwt.credentials = { refresh_token: 'jwt-placeholder', expiry_date: 1 };
    const { token } = await this.jwt.getAccessToken();
    if (!token) throw new Error('no access token');
    return token;
  }

  private async post(m: OutboxMessage, token: string) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(fcmMessage(m)),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, body, headers: res.headers };
  }

  /** Send one message: its outcome (never throws). `nowMs` reads a Retry-After date when the answer has no Date. */
  send(m: OutboxMessage, nowMs: number): Promise<FcmOutcome> {
    return this.limiter.run(async () => {
      let token: string;
      try {
        token = await this.accessToken();
      } catch (err) {
        return tokenFailure(err);
      }
      try {
        let res = await this.post(m, token);
        // A refused token (expired early, revoked): a new one, once.
        if (res.status === 401 && fcmErrorCode(res.body) !== 'THIRD_PARTY_AUTH_ERROR') {
          try {
            token = await this.accessToken(token);
          } catch (err) {
            return tokenFailure(err);
          }
          res = await this.post(m, token);
        }
        const date = Date.parse(res.headers.get('date') ?? '');
        const retryAfter = parseRetryAfter(res.headers.get('retry-after'), Number.isNaN(date) ? nowMs : date);
        return classifyFcmAnswer(res.status, res.body, retryAfter);
      } catch (err) {
        const name = (err as Error | undefined)?.name;
        return { kind: 'retry', code: name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'UNREACHABLE' };
      }
    });
  }
}
