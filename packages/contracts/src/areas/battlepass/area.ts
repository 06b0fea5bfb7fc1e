import { type DefaultGrants, defineArea, type PermissionGroup } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { battlePassEndpoints, battlePassGameEndpoints, battlePassTrackLabels } from './endpoints.js';
import { battlePassMessages } from './messages.js';

const permissions = {
  battlePass: {
    label: zhEn('通行证进度', 'Battle-pass progress'),
    permissions: {
      battlePassProgressQuery: zhEn('查看玩家通行证进度', "View players' battle-pass progress"),
      battlePassProgressEdit: zhEn('发放经验与重置进度', 'Grant XP and reset progress'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

const jobs = {
  'battlePass.seasonEnd': zhEn('赛季结束时邮寄未领取的免费奖励', "Mail unclaimed free rewards at a season's end"),
} as const satisfies Record<string, Label>;

const grants = {
  operation: ['battlePassProgressQuery', 'battlePassProgressEdit'],
  developer: ['battlePassProgressQuery', 'battlePassProgressEdit'],
  tester: ['battlePassProgressQuery', 'battlePassProgressEdit'],
  service: ['battlePassProgressQuery'],
  serviceManager: ['battlePassProgressQuery'],
} satisfies DefaultGrants<typeof permissions>;

const audit = {
  objects: {
    battlePassSeason: {
      label: zhEn('通行证赛季 #{id}', 'battle-pass season #{id}'),
      page: { route: 'battlePassEdit', query: (id) => ({ id }) },
    },
    battlePassProgress: {
      label: zhEn('玩家 {id} 的通行证进度', "player {id}'s battle-pass progress"),
    },
  },
  actions: {
    createBattlePassSeason: {
      label: zhEn('创建通行证赛季', 'Create battle-pass season'),
      sentence: zhEn('创建了{battlePassSeason}', 'created {battlePassSeason}'),
      target: 'battlePassSeason',
    },
    updateBattlePassSeason: {
      label: zhEn('修改通行证赛季', 'Edit battle-pass season'),
      sentence: zhEn('修改了{battlePassSeason}', 'edited {battlePassSeason}'),
      target: 'battlePassSeason',
    },
    grantBattlePassXp: {
      label: zhEn('发放通行证经验', 'Grant battle-pass XP'),
      sentence: zhEn('向{battlePassProgress}发放了经验', 'granted XP to {battlePassProgress}'),
      target: 'battlePassProgress',
    },
    resetBattlePassProgress: {
      label: zhEn('重置通行证进度', 'Reset battle-pass progress'),
      sentence: zhEn('重置了{battlePassProgress}', 'reset {battlePassProgress}'),
      target: 'battlePassProgress',
    },
  },
} satisfies AreaAudit;

/** The battle pass: seasons, levels, XP from game events, claims, premium through orders. */
export const battlePassArea = defineArea({
  name: 'battlePass',
  audit,
  permissions,
  grants,
  endpoints: { ...battlePassEndpoints, ...battlePassGameEndpoints },
  messages: battlePassMessages,
  values: { track: battlePassTrackLabels },
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    battlePass: typeof jobs;
  }
  interface AreaPermissionGroups {
    battlePass: typeof permissions;
  }
  interface AreaMessages {
    battlePass: typeof battlePassMessages;
  }
}

export * from './endpoints.js';
export * from './messages.js';
