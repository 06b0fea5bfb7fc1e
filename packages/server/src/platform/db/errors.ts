/** What a failed query says, without what it carried. */

/** The PostgreSQL SQLSTATE of a failed query (Drizzle wraps the driver's error as `cause`). */
export function databaseErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : e.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * An error as a log line or the server's error log may show it. A query error (Drizzle's, which
 * repeats the statement with its parameters: a password hash, a player's data) becomes the
 * driver's message and SQLSTATE only.
 */
export function loggableError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const e = error as Error & { cause?: Error & { code?: string }; query?: string };
  if (e.cause && typeof e.query === 'string') {
    return {
      type: 'DatabaseError',
      message: e.cause.message,
      code: e.cause.code,
      stack: e.stack
        ?.split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n'),
    };
  }
  return { type: e.name ?? 'Error', message: e.message, code: databaseErrorCode(error), stack: e.stack };
}
