/** Every table, for Drizzle's typed queries. Each module owns its tables.ts. */

export * from '../../modules/dashboard/tables.js';
export * from '../../modules/gamegate/tables.js';
export * from '../../modules/mail/tables.js';
export * from '../../modules/players/tables.js';
export * from '../../modules/staff/tables.js';
export * from '../../modules/system/tables.js';
export * from '../resources/tables.js';
