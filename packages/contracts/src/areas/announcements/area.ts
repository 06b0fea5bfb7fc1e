import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { zhEn } from '../../bilingual.js';
import { announcementRoutes } from './routes.js';

const permissions = {
  announcement: {
    label: zhEn('公告', 'Announcements'),
    permissions: {
      announcementQuery: zhEn('查询公告', 'Query announcements'),
      announcementTmplQuery: zhEn('查询公告模板', 'Query announcement templates'),
      announcementTmplCreate: zhEn('创建公告模板', 'Create announcement templates'),
      announcementTmplEdit: zhEn('编辑公告模板', 'Edit announcement templates'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/** What every role that works with the area reads. */
const reads: GrantList<typeof permissions> = ['announcementQuery', 'announcementTmplQuery'];
/** What operations and developers hold: the reads and every change. */
const edits: GrantList<typeof permissions> = [...reads, 'announcementTmplCreate', 'announcementTmplEdit'];
/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: edits,
  developer: edits,
  tester: reads,
} satisfies DefaultGrants<typeof permissions>;

/** Announcements (pages not built yet). */
export const announcementsArea = defineArea({
  name: 'announcements',
  permissions,
  grants,
  routes: announcementRoutes,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    announcements: typeof permissions;
  }
  interface AreaRouteTables {
    announcements: typeof announcementRoutes;
  }
}
