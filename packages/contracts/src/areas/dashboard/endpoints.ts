import { z } from 'zod';
import type { AccessRule } from '../../access.js';
import { type Endpoint, endpoint, endpointTable } from '../../endpoint.js';
import { mailScopes } from '../../enums.js';
import { mailEndpoints } from '../mail/endpoints.js';
import { playerEndpoints } from '../players/endpoints.js';
import { auditEntrySchema, staffEndpoints } from '../staff/endpoints.js';

/**
 * The console home: one call per card, each guarded by the permission of the list its figures
 * come from, so a role sees (and the console calls) only the cards of data it may read.
 */

export const dashboardRanges = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
/** Days each range covers, today included. */
export const dashboardRangeDays: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
/** "Online now" counts the players who signed in within this many minutes. */
export const ONLINE_WINDOW_MINUTES = 5;
/** Windows that open within this many hours are "starting soon". */
export const STARTING_SOON_HOURS = 72;

/** Payers and revenue come from orders, which only the orders area writes: its readers see the card. */
export const revenueCardRule: AccessRule = ['orderQuery', 'payDataQuery'];

const dayActivity = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  day: z.string(),
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
  logins: z.number().int(),
});
const hourActivity = z.object({
  /** Start of the hour, ISO-8601 UTC. */
  hour: z.string(),
  logins: z.number().int(),
  newPlayers: z.number().int(),
});

export const dashboardEndpoints = endpointTable({
  getDashboardActivity: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard/activity',
    summary: 'Players online now; active and new players per day and logins per hour over a range',
    permission: playerEndpoints.listPlayers.permission,
    query: z.object({ range: z.enum(dashboardRanges).default('today') }),
    response: z.object({
      range: z.enum(dashboardRanges),
      onlineNow: z.number().int(),
      days: z.array(dayActivity),
      hours: z.array(hourActivity),
      /** When the rollup last took in the event log (null: not yet); the per-day and per-hour figures are as of then. */
      updatedAt: z.string().nullable(),
    }),
  }),
  getDashboardModeration: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard/moderation',
    summary: 'Suspicious-player findings waiting for review',
    permission: playerEndpoints.listSuspiciousPlayers.permission,
    response: z.object({ openSuspicions: z.number().int(), oldestOpenAt: z.string().nullable() }),
  }),
  getDashboardRegistrations: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard/registrations',
    summary: 'Registrations waiting for approval',
    permission: staffEndpoints.listRegistrations.permission,
    response: z.object({ pending: z.number().int() }),
  }),
  getDashboardStaff: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard/staff',
    summary: 'Staff accounts and roles',
    permission: staffEndpoints.listStaffUsers.permission,
    response: z.object({ staffUsers: z.number().int(), activeStaffUsers: z.number().int(), roles: z.number().int() }),
  }),
  getDashboardSchedule: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard/schedule',
    summary: 'Scheduled mails and the windows that open soon, of the mail scopes the caller may read',
    permission: mailEndpoints.listMails.permission,
    response: z.object({
      scheduledMails: z.number().int(),
      startingSoon: z.array(
        z.object({
          kind: z.literal('mail'),
          id: z.number().int(),
          scope: z.enum(mailScopes),
          /** In the caller's language when the mail has it. */
          title: z.string(),
          startsAt: z.string(),
          endsAt: z.string(),
        }),
      ),
    }),
  }),
  getDashboardAudit: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard/audit',
    summary: 'The latest entries of the system log',
    permission: staffEndpoints.listSystemLog.permission,
    response: z.array(auditEntrySchema),
  }),
});

/** The staff rule of a console endpoint: what the console asks before it shows a card and calls it. */
const staffRule = (e: Endpoint): AccessRule =>
  e.permission === 'public' || e.permission === 'pending' ? true : e.permission === 'game' ? [] : e.permission;

/** Who sees each card of the home: the rule of the endpoint that feeds it (revenue: the orders' readers). */
export const dashboardCardRules = {
  activity: staffRule(dashboardEndpoints.getDashboardActivity),
  moderation: staffRule(dashboardEndpoints.getDashboardModeration),
  registrations: staffRule(dashboardEndpoints.getDashboardRegistrations),
  staff: staffRule(dashboardEndpoints.getDashboardStaff),
  schedule: staffRule(dashboardEndpoints.getDashboardSchedule),
  audit: staffRule(dashboardEndpoints.getDashboardAudit),
  revenue: revenueCardRule,
} satisfies Record<string, AccessRule>;
export type DashboardCard = keyof typeof dashboardCardRules;
