/**
 * Every table of the server, assembled here (outside the platform, which imports no module):
 * the test harness fingerprints them; drizzle-kit reads the same `tables.ts` files by glob.
 */

export * from './modules/dashboard/tables.js';
export * from './modules/gamegate/tables.js';
export * from './modules/giftcodes/tables.js';
export * from './modules/logs/tables.js';
export * from './modules/mail/tables.js';
export * from './modules/performance/tables.js';
export * from './modules/players/tables.js';
export * from './modules/staff/tables.js';
export * from './modules/store/tables.js';
export * from './platform/db/tables.js';
export * from './platform/jobs/tables.js';
export * from './platform/resources/tables.js';
