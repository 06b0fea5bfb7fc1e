/**
 * Whether an error means the database cannot be reached right now (as opposed to a bad query):
 * refused, reset or timed-out connections, a backend terminated by the server (restart, failover,
 * `pg_terminate_backend`, a pooler's idle timeout), a server that is starting or shutting down, and
 * a pool that found no free connection within its wait. Such a failure is the server's and passes:
 * the API answers 503 with `Retry-After` instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  // Drizzle wraps the driver's error as `cause`; Node wraps socket errors in AggregateError.
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth += 1) {
    const { code, message, errors, cause } = e as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (socketCodes.has(code) || unavailableSqlState(code))) return true;
    if (typeof message === 'string' && driverMessages.some((m) => m.test(message))) return true;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
    e = cause;
  }
  return false;
}

/** Socket errors of a connection that could not be made or was lost. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), 57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57P05 idle session timeout, 53300 too
 * many connections.
 */
function unavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '57P05', '53300'].includes(code);
}

/** node-postgres and pg-pool raise these without a code. */
const driverMessages = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
];
