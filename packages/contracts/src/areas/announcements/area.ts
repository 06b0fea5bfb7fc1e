import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import {
  announcementGameEndpoints,
  announcementKindLabels,
  announcementResource,
  announcementTemplateResource,
  standingNoticeKindLabels,
  standingNoticeResource,
} from './announcements.js';
import { announcementMessages } from './messages.js';
import { announcementRoutes } from './routes.js';

const permissions = {
  announcement: {
    label: zhEn('公告', 'Announcements'),
    permissions: {
      announcementQuery: zhEn('查询公告', 'Query announcements'),
      announcementTmplQuery: zhEn('查询公告模板', 'Query announcement templates'),
      announcementTmplCreate: zhEn('创建公告模板', 'Create announcement templates'),
      announcementTmplEdit: zhEn('编辑公告模板', 'Edit announcement templates'),
      // Not in the spec's list: announcements and standing notices are written
      // (docs/decisions/2026-11-28-announcements.md).
      announcementEdit: zhEn('发布公告', 'Publish announcements'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/** What every role that works with the area reads. */
const reads: GrantList<typeof permissions> = ['announcementQuery', 'announcementTmplQuery'];
/** What operations and developers hold: the reads and every change. */
const edits: GrantList<typeof permissions> = [
  ...reads,
  'announcementTmplCreate',
  'announcementTmplEdit',
  'announcementEdit',
];
/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: edits,
  developer: edits,
  tester: reads,
} satisfies DefaultGrants<typeof permissions>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    announcement: { label: zhEn('公告 #{id}', 'announcement #{id}') },
    announcementTemplate: { label: zhEn('公告模板 {id}', 'announcement template {id}') },
    standingNotice: { label: zhEn('常驻公告 {id}', 'standing notice {id}') },
  },
  actions: {
    ...resourceActions('announcement', zhEn('公告', 'announcement')),
    ...resourceActions('announcementTemplate', zhEn('公告模板', 'announcement template')),
    ...resourceActions('standingNotice', zhEn('常驻公告', 'standing notice')),
  },
} satisfies AreaAudit;

/** Announcements, their templates and the game's standing notices; the game's per-player read. */
export const announcementsArea = defineArea({
  name: 'announcements',
  permissions,
  grants,
  routes: announcementRoutes,
  audit,
  endpoints: {
    ...resourceEndpoints(announcementResource),
    ...resourceEndpoints(announcementTemplateResource),
    ...resourceEndpoints(standingNoticeResource),
    ...announcementGameEndpoints,
  },
  resources: {
    announcement: announcementResource,
    announcementTemplate: announcementTemplateResource,
    standingNotice: standingNoticeResource,
  },
  values: { kind: announcementKindLabels, noticeKind: standingNoticeKindLabels },
  messages: announcementMessages,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    announcements: typeof permissions;
  }
  interface AreaRouteTables {
    announcements: typeof announcementRoutes;
  }
  interface AreaMessages {
    announcements: typeof announcementMessages;
  }
}

export * from './announcements.js';
export * from './rich-text.js';
