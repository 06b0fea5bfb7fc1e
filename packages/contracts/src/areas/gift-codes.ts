import { defineArea, type PermissionGroup } from '../area.js';
import { type Label, zhEn } from '../bilingual.js';
import { giftCodeEndpoints, giftCodeGameEndpoints } from '../endpoints/gift-codes.js';
import { giftCodeMessages } from '../gift-code-messages.js';
import { giftCodeRoutes } from '../routes/gift-codes.js';

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

/** Gift codes: batches, generation, redemption, the comeback mail. */
export const giftCodesArea = defineArea({
  name: 'giftCodes',
  permissions,
  routes: giftCodeRoutes,
  endpoints: { ...giftCodeEndpoints, ...giftCodeGameEndpoints },
  messages: giftCodeMessages,
  jobs,
});

declare module '../area.js' {
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
