import { type FrontendLogEntry, logEndpoints, MAX_LOG_BATCH, MAX_PUBLIC_LOG_BATCH } from '@rookery/contracts';
import Cookies from 'js-cookie';
import { readToken, tokenCookie, uuidCookie } from '../../access/credentials';
import { api } from '../../api/request';
import { type ErrorDetail, type ErrorListener, type ErrorLogEntry, onErrorLogged } from '../../ui/error-log';

/** How often the pending entries go to the server; a full batch goes at once. */
export const shipEveryMs = 3000;
const batchSize = 50;
/** Entries kept while the server cannot be reached; older ones are dropped. */
const pendingLimit = MAX_LOG_BATCH;

/** `YYYY-MM-DD HH:mm:ss` (UTC), the spec's client log time. */
const specTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * A front-end error as the server's log takes it: spec §3's entry — message, type, time, meta
 * with the uuid and token cookies and the current URL (the server keeps only their hashes).
 */
export function toLogEntry(entry: ErrorLogEntry, detail: ErrorDetail): FrontendLogEntry {
  return {
    message: entry.message.slice(0, 4000),
    type: 'error',
    time: specTime(entry.at),
    url: entry.url.slice(0, 1000),
    ...(detail.stack ? { stack: detail.stack.slice(0, 16_000) } : {}),
    ...(detail.request ? { request: detail.request } : {}),
    meta: {
      kind: entry.kind,
      uuid: Cookies.get(uuidCookie) ?? null,
      token: Cookies.get(tokenCookie) ?? null,
      url: entry.url.slice(0, 1000),
    },
  };
}

let pending: FrontendLogEntry[] = [];
let sending = false;

async function ship() {
  if (sending || pending.length === 0) return;
  // Without a session (the sign-in page) they go to the public door: smaller batches, rate-limited.
  const signedIn = Boolean(readToken());
  sending = true;
  const batch = pending.slice(0, signedIn ? batchSize : MAX_PUBLIC_LOG_BATCH);
  try {
    if (signedIn) await api(logEndpoints.frontendLogIngest, { body: { entries: batch } }, { quiet: true });
    else await api(logEndpoints.frontendLogIngestPublic, { body: { entries: batch } }, { quiet: true });
    pending = pending.slice(batch.length);
  } catch {
    // Kept for the next round (the failure is in the indicator already).
  } finally {
    sending = false;
  }
}

/** Send the console's errors and failed data requests to the server's front-end log, in batches. */
export function installLogShipper(earlier: Parameters<ErrorListener>[] = []) {
  const take: ErrorListener = (entry, detail) => {
    // The shipper's own failed call is not logged again (it would feed itself).
    if (detail.request?.url.startsWith(logEndpoints.frontendLogIngest.path)) return;
    pending = [...pending, toLogEntry(entry, detail)].slice(-pendingLimit);
    if (pending.length >= batchSize) void ship();
  };
  for (const [entry, detail] of earlier) take(entry, detail);
  onErrorLogged(take);
  setInterval(() => void ship(), shipEveryMs);
  window.addEventListener('pagehide', () => void ship());
}
