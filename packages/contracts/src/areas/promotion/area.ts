import { type DefaultGrants, defineArea, type PermissionGroup } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { promotionEndpoints } from './endpoints.js';
import { promotionMessages } from './messages.js';
import { promotionRoutes } from './routes.js';

const permissions = {
  promotion: {
    label: zhEn('推广', 'Promotion'),
    permissions: {
      promotionQuery: zhEn('查询推广数据', 'Query promotion records'),
      promotionEdit: zhEn('录入、导入和删除推广数据', 'Enter, import and delete promotion records'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/**
 * What the built-in roles hold of its permissions by default: operations and developers read and
 * write the records, testers read them; customer service neither (they are no player's data).
 */
const grants = {
  operation: ['promotionQuery', 'promotionEdit'],
  developer: ['promotionQuery', 'promotionEdit'],
  tester: ['promotionQuery'],
} satisfies DefaultGrants<typeof permissions>;

const audit = {
  objects: {
    promotionRecord: {
      label: zhEn('推广记录 #{id}', 'promotion record #{id}'),
      page: { route: 'promotionRecords', query: () => ({}) },
    },
    promotionImport: {
      label: zhEn('推广数据导入 #{id}', 'promotion import #{id}'),
      page: { route: 'promotionRecords', query: () => ({}) },
    },
  },
  actions: {
    createPromotionRecord: {
      label: zhEn('录入推广数据', 'Enter promotion record'),
      sentence: zhEn('录入了{promotionRecord}', 'entered {promotionRecord}'),
      target: 'promotionRecord',
    },
    deletePromotionRecord: {
      label: zhEn('删除推广数据', 'Delete promotion record'),
      sentence: zhEn('删除了{promotionRecord}', 'deleted {promotionRecord}'),
      target: 'promotionRecord',
    },
    importPromotionCsv: {
      label: zhEn('导入推广数据', 'Import promotion records'),
      sentence: zhEn('从 CSV 文件导入了{promotionImport}', 'imported {promotionImport} from a CSV file'),
      target: 'promotionImport',
    },
  },
} satisfies AreaAudit;

/** Promotion daily records, their CSV import, the spend / installs / revenue chart, China's regions. */
export const promotionArea = defineArea({
  name: 'promotion',
  audit,
  permissions,
  grants,
  routes: promotionRoutes,
  endpoints: promotionEndpoints,
  messages: promotionMessages,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    promotion: typeof permissions;
  }
  interface AreaRouteTables {
    promotion: typeof promotionRoutes;
  }
  interface AreaMessages {
    promotion: typeof promotionMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
export * from './messages.js';
