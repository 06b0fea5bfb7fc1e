import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { pushEndpoints, pushGameEndpoints, pushTemplateResource, pushTopicResource } from './devices.js';
import { pushMessages } from './messages.js';
import { pushRoutes } from './routes.js';

const permissions = {
  push: {
    label: zhEn('推送', 'Push'),
    permissions: {
      pushQuery: zhEn('推送', 'Push'),
      pushTemplateQuery: zhEn('推送模板', 'Push templates'),
      // Not in the spec's list: templates and topics are edited (docs/decisions/2026-11-28-push-devices-topics-templates.md).
      pushTemplateEdit: zhEn('编辑推送模板', 'Edit push templates'),
      pushTopicQuery: zhEn('推送订阅', 'Push topics'),
      pushTopicEdit: zhEn('编辑推送订阅', 'Edit push topics'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

const reads: GrantList<typeof permissions> = ['pushQuery', 'pushTemplateQuery', 'pushTopicQuery'];
/** What operations and developers hold: the reads and every change. */
const edits: GrantList<typeof permissions> = [...reads, 'pushTemplateEdit', 'pushTopicEdit'];

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
    pushTopic: { label: zhEn('推送主题 {id}', 'push topic {id}') },
    pushTemplate: { label: zhEn('推送模板 {id}', 'push template {id}') },
  },
  actions: {
    ...resourceActions('pushTopic', zhEn('推送主题', 'push topic')),
    ...resourceActions('pushTemplate', zhEn('推送模板', 'push template')),
  },
} satisfies AreaAudit;

/** Push: players' devices and topics (game API), topics and templates (sending not built yet). */
export const pushArea = defineArea({
  name: 'push',
  permissions,
  grants,
  routes: pushRoutes,
  audit,
  endpoints: {
    ...resourceEndpoints(pushTopicResource),
    ...resourceEndpoints(pushTemplateResource),
    ...pushEndpoints,
    ...pushGameEndpoints,
  },
  resources: { pushTopic: pushTopicResource, pushTemplate: pushTemplateResource },
  messages: pushMessages,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    push: typeof permissions;
  }
  interface AreaRouteTables {
    push: typeof pushRoutes;
  }
  interface AreaMessages {
    push: typeof pushMessages;
  }
}

export * from './devices.js';
