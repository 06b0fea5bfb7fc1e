import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { pushEndpoints, pushGameEndpoints, pushTemplateResource, pushTopicResource } from './devices.js';
import { pushMessages } from './messages.js';
import { pushRoutes } from './routes.js';
import { pushSendEndpoints } from './sends.js';

const permissions = {
  push: {
    label: zhEn('推送', 'Push'),
    permissions: {
      pushQuery: zhEn('推送', 'Push'),
      // Not in the spec's list (it gives push only reads): sending (docs/decisions/2026-11-28-push-sends.md).
      pushSend: zhEn('发送推送', 'Send push'),
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
const edits: GrantList<typeof permissions> = [...reads, 'pushSend', 'pushTemplateEdit', 'pushTopicEdit'];

/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: edits,
  developer: edits,
  tester: reads,
} satisfies DefaultGrants<typeof permissions>;

const jobs = {
  'push.deliver': zhEn('推送：向一个时区的设备发送', "Push: deliver to one time zone's devices"),
  'push.dispatch': zhEn('推送：开始到时的发送', 'Push: start the sends that are due'),
  'push.forward': zhEn('推送：转发到 FCM', 'Push: forward to FCM'),
} as const satisfies Record<string, Label>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    pushTopic: { label: zhEn('推送主题 {id}', 'push topic {id}') },
    pushTemplate: { label: zhEn('推送模板 {id}', 'push template {id}') },
    pushSend: { label: zhEn('推送 #{id}', 'push #{id}'), page: { route: 'pushList', query: (id) => ({ id }) } },
  },
  actions: {
    ...resourceActions('pushTopic', zhEn('推送主题', 'push topic')),
    ...resourceActions('pushTemplate', zhEn('推送模板', 'push template')),
    createPushSend: {
      label: zhEn('发送推送', 'Send push'),
      sentence: zhEn('发送了{pushSend}', 'sent {pushSend}'),
      target: 'pushSend',
    },
    testPushSend: {
      label: zhEn('测试推送', 'Test push'),
      sentence: zhEn('测试发送了{pushSend}', 'test-sent {pushSend}'),
      target: 'pushSend',
    },
    cancelPushSend: {
      label: zhEn('取消推送', 'Cancel push'),
      sentence: zhEn('取消了{pushSend}', 'cancelled {pushSend}'),
      target: 'pushSend',
    },
  },
} satisfies AreaAudit;

/** Push: players' devices and topics (game API), topics, templates and sends. */
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
    ...pushSendEndpoints,
  },
  jobs,
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
  interface AreaJobs {
    push: typeof jobs;
  }
}

export * from './devices.js';
export * from './sends.js';
