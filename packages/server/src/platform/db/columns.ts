import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Every stored time's column: a `timestamp with time zone` (no default — the server writes each
 * time from the service clock).
 */
export const at = () => timestamp({ withTimezone: true });
