import { can, dashboardEndpoints, mailScopePermissions, mailScopes, STARTING_SOON_HOURS } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { scheduledMails } from '../mail/schedule.js';
import { openSuspicions } from '../players/activity.js';
import { staffCounts } from '../staff/service.js';
import { recentAudit } from '../system/service.js';
import { rollupJob } from './rollup.js';
import { activity } from './service.js';
import * as tables from './tables.js';

/** How many audit entries the home shows. */
const RECENT_AUDIT = 10;
/** How many "starting soon" windows the home lists. */
const STARTING_SOON_LISTED = 5;

/** The console home: each card's figures from the module that owns them, each behind that data's permission. */
function register({ app, database, gameKeyHash }: ModuleDeps) {
  registerEndpoints(app, { db: database.db, gameKeyHash }, dashboardEndpoints, {
    getDashboardActivity: ({ db, query, now }) => activity(db, query.range, now),
    getDashboardModeration: async ({ db }) => {
      const open = await openSuspicions(db);
      return { openSuspicions: open.count, oldestOpenAt: open.oldestAt?.toISOString() ?? null };
    },
    getDashboardRegistrations: async ({ db }) => ({ pending: (await staffCounts(db)).pendingRegistrations }),
    getDashboardStaff: async ({ db }) => {
      const { staffUsers, activeStaffUsers, roles } = await staffCounts(db);
      return { staffUsers, activeStaffUsers, roles };
    },
    getDashboardSchedule: async ({ db, session, locale, now }) => {
      const found = await scheduledMails(db, {
        // The endpoint lets in any mail reader; each sees the scopes they may read.
        scopes: mailScopes.filter((s) => can(session!.access, [mailScopePermissions[s].query])),
        now,
        withinHours: STARTING_SOON_HOURS,
        limit: STARTING_SOON_LISTED,
        language: locale,
      });
      return {
        scheduledMails: found.scheduled,
        startingSoon: found.startingSoon.map((m) => ({
          kind: 'mail' as const,
          ...m,
          startsAt: m.startsAt.toISOString(),
          endsAt: m.endsAt.toISOString(),
        })),
      };
    },
    getDashboardAudit: ({ db }) => recentAudit(db, RECENT_AUDIT),
  });
}

export const dashboardArea = defineArea({
  name: 'dashboard',
  needs: ['staff', 'players', 'mail'],
  tables,
  jobs: [rollupJob],
  register,
});
