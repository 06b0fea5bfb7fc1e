import { z } from 'zod';
import type { AccessRule } from '../../access.js';
import { conditionsSchema } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';

/**
 * The audience of a condition set: how many players the shared condition engine selects now,
 * for the confirmation of whatever targets players by conditions (global and comeback mail now;
 * push, remote config and experiments later).
 */

/**
 * Who may count an audience: it reveals only a number of players, so anyone who may see or send
 * the things that target by conditions. Areas that add a screen using it add their permission.
 */
export const audiencePermissions: AccessRule = [
  'globalMailQuery',
  'globalMailCreate',
  // The maintenance window and version upgrade confirmations say how many players they shut out.
  'maintenanceQuery',
  'appUpgradeQuery',
  // The store's publish confirmation says how many players an item's conditions select.
  'iapConfigEdit',
  'normalProductConfigCreate',
  'normalProductConfigEdit',
  'iapGiftConfigEdit',
  'iapActivityConfigEdit',
  // An announcement's publish confirmation says how many players its conditions select.
  'announcementEdit',
];

/**
 * Up to this many 8 kB pages of the players table (about 32,000 players of the demo's size) the
 * count is exact; above it, an estimate from a sample (`estimate: true`). The server's count uses
 * this constant; a screen that wants to say when counts turn into estimates reads it too.
 */
export const AUDIENCE_EXACT_PAGES = 4000;

export const audienceCountSchema = z.object({
  /** Players selected now (an estimate, rounded, when `estimate`). */
  count: z.number().int(),
  /** Players in the table now, for "all players (N)". */
  total: z.number().int(),
  estimate: z.boolean(),
});
export type AudienceCount = z.infer<typeof audienceCountSchema>;

export const audienceEndpoints = endpointTable({
  countAudience: endpoint({
    method: 'POST',
    path: '/api/v1/audience/count',
    summary: 'How many players a condition set selects now (changes nothing)',
    permission: audiencePermissions,
    readOnly: true,
    body: z.object({ conditions: conditionsSchema }),
    response: audienceCountSchema,
  }),
});
