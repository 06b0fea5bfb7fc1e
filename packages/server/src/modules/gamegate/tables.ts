import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * Each start and end of a maintenance window that has been written to the system log: the first
 * instance to see an edge pass inserts its row and writes the audit record in the same
 * transaction; every other instance (and later checks) find the row and write nothing.
 */
export const maintenanceTransitions = pgTable(
  'maintenance_transitions',
  {
    window: text().notNull(),
    /** `start` or `end`. */
    edge: text().notNull(),
    /** The edge's scheduled time (a window moved later gets new rows). */
    at: at().notNull(),
    recordedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.window, t.edge, t.at] })],
);
