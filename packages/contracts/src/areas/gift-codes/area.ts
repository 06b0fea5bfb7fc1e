import { type DefaultGrants, defineArea, type PermissionGroup } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { giftCodeEndpoints, giftCodeGameEndpoints } from './endpoints.js';
import { giftCodeMessages } from './messages.js';
import { giftCodeRoutes } from './routes.js';

const permissions = {
  giftCode: {
    label: zhEn('礼包码', 'Gift codes'),
    permissions: {
      giftCodeQuery: zhEn('查询礼包码', 'Query gift codes'),
      giftCodeCreate: zhEn('创建礼包码', 'Create gift codes'),
      giftCodeHistoryQuery: zhEn('查询兑换记录', 'Query redemption history'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

const jobs = {
  'giftCodes.generate': zhEn('生成唯一兑换码', 'Generate unique gift codes'),
  'giftCodes.prune': zhEn('清理过期的兑换失败计数', 'Prune ended gift-code attempt counters'),
} as const satisfies Record<string, Label>;

/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: ['giftCodeQuery', 'giftCodeHistoryQuery', 'giftCodeCreate'],
  developer: ['giftCodeQuery', 'giftCodeHistoryQuery', 'giftCodeCreate'],
  tester: ['giftCodeQuery', 'giftCodeHistoryQuery', 'giftCodeCreate'],
  service: ['giftCodeHistoryQuery'],
  serviceManager: ['giftCodeHistoryQuery'],
} satisfies DefaultGrants<typeof permissions>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    giftCodeBatch: {
      label: zhEn('兑换码批次 #{id}', 'gift-code batch #{id}'),
      page: { route: 'giftCodeEdit', query: (id) => ({ id }) },
    },
  },
  actions: {
    createGiftCodeBatch: {
      label: zhEn('创建兑换码批次', 'Create gift-code batch'),
      sentence: zhEn('创建了{giftCodeBatch}', 'created {giftCodeBatch}'),
      target: 'giftCodeBatch',
    },
    updateGiftCodeBatch: {
      label: zhEn('修改兑换码批次', 'Edit gift-code batch'),
      sentence: zhEn('修改了{giftCodeBatch}', 'edited {giftCodeBatch}'),
      target: 'giftCodeBatch',
    },
    sendGiftCodeComebackMail: {
      label: zhEn('发送带兑换码的回流邮件', 'Send comeback mail with codes'),
      sentence: zhEn('发送了带{giftCodeBatch}兑换码的回流邮件', 'sent comeback mail with codes of {giftCodeBatch}'),
      target: 'giftCodeBatch',
    },
    resumeGiftCodeGeneration: {
      label: zhEn('继续生成兑换码', 'Resume gift-code generation'),
      sentence: zhEn('继续生成{giftCodeBatch}的兑换码', 'resumed the generation of {giftCodeBatch}'),
      target: 'giftCodeBatch',
    },
    closeGiftCodeGeneration: {
      label: zhEn('按现有数量结束生成', 'Close gift-code generation'),
      sentence: zhEn('按现有兑换码数量结束了{giftCodeBatch}', 'closed {giftCodeBatch} at the codes it has'),
      target: 'giftCodeBatch',
    },
    disableGiftCodes: {
      label: zhEn('停用兑换码', 'Disable gift codes'),
      sentence: zhEn('停用了{giftCodeBatch}的兑换码', 'disabled codes of {giftCodeBatch}'),
      target: 'giftCodeBatch',
    },
  },
} satisfies AreaAudit;

/** Gift codes: batches, generation, redemption, the comeback mail. */
export const giftCodesArea = defineArea({
  name: 'giftCodes',
  audit,
  permissions,
  grants,
  routes: giftCodeRoutes,
  endpoints: { ...giftCodeEndpoints, ...giftCodeGameEndpoints },
  messages: giftCodeMessages,
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    giftCodes: typeof jobs;
  }
  interface AreaPermissionGroups {
    giftCodes: typeof permissions;
  }
  interface AreaRouteTables {
    giftCodes: typeof giftCodeRoutes;
  }
  interface AreaMessages {
    giftCodes: typeof giftCodeMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
export * from './messages.js';
