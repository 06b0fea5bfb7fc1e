import { describe, expect, it } from 'vitest';
import type { AreaDeclaration } from './area.js';
import { areas, defaultRoleGrants, foldAreas } from './areas.js';
import { zhEn } from './bilingual.js';

// The built-in roles' default grants as they were listed by hand in `access.ts` before each area
// declared its own (`defineArea({ grants })`): the fold must give exactly these sets, since the
// roles are seeded from them.
type Permission = string;
const serviceGrants: Permission[] = [
  'userQuery',
  'userLogQuery',
  'mailQuery',
  'globalMailQuery',
  'orderQuery',
  'payDataQuery',
  'refundUserQuery',
  'snapshotQuery',
  'guildNoSpeakingQuery',
  'giftCodeHistoryQuery',
  'exportUserDataQuery',
  'battlePassProgressQuery',
];

const readGrants: Permission[] = [
  'mailQuery',
  'globalMailQuery',
  'mailTemplateQuery',
  'mailRewardTemplateQuery',
  'announcementQuery',
  'announcementTmplQuery',
  'iapConfigQuery',
  'normalProductConfigQuery',
  'iapGiftConfigQuery',
  'iapActivityConfigQuery',
  'currencyConfigQuery',
  'DLQQuery',
  'giftCodeQuery',
  'giftCodeHistoryQuery',
  'maintenanceQuery',
  'gameItemConfigQuery',
  'dictQuery',
  'constQuery',
  'configQuery',
  'appUpgradeQuery',
  'pushQuery',
  'pushTemplateQuery',
  'pushTopicQuery',
  'userQuery',
  'userLogQuery',
  'abnormalUserQuery',
  'payDataQuery',
  'snapshotQuery',
  'serverInfoQuery',
  'leaderboardQuery',
  'hallOfFameQuery',
  'blacklistQuery',
  'orderQuery',
  'guildChatQuery',
  'guildQuery',
  'clientLogQuery',
  'promotionQuery',
  'battlePassProgressQuery',
];

const operationGrants: Permission[] = [
  ...readGrants,
  'sysRegistrationReview',
  'mailCreate',
  'mailDelete',
  'globalMailCreate',
  'globalMailDelete',
  'mailTemplateCreate',
  'mailRewardTemplateCreate',
  'announcementTmplCreate',
  'announcementTmplEdit',
  // Announcements' write permission (docs/decisions/2026-11-28-announcements.md).
  'announcementEdit',
  'iapConfigEdit',
  'normalProductConfigCreate',
  'normalProductConfigEdit',
  'normalProductConfigDelete',
  'iapGiftConfigEdit',
  'iapActivityConfigEdit',
  'giftCodeCreate',
  'constEdit',
  'dictEdit',
  'gameItemConfigEdit',
  'configCreate',
  'configDelete',
  'removeItemQuery',
  'userBanQuery',
  'userClearQuery',
  'exportUserDataQuery',
  'accountTransferQuery',
  'refundUserQuery',
  'guildNoSpeakingQuery',
  'unbindDeviceQuery',
  'promotionEdit',
  'battlePassProgressEdit',
  // Push's edit permissions (docs/decisions/2026-11-28-push-devices-topics-templates.md) and sending
  // (docs/decisions/2026-11-28-push-sends.md).
  'pushTemplateEdit',
  'pushTopicEdit',
  'pushSend',
  'guildEdit',
  'guildChatEdit',
  // Leaderboards' edit permissions (docs/decisions/2026-11-28-leaderboards.md).
  'leaderboardEdit',
  'minigameBlacklistEdit',
];

const developerGrants: Permission[] = [
  ...operationGrants,
  'sysMailOutboxQuery',
  'jobQuery',
  'jobEdit',
  'copyAccountQuery',
  'businessDataDelete',
  'deadLetterQueueQuery',
  'deadletterQueueQuery',
  'devToolAccountQuery',
  'devToolCaveQuery',
  'advancedArenaZonesQuery',
  'devToolGuildEdit',
  'guildWarStatusQuery',
  'guildWarStatusEdit',
  'podTimeQuery',
  // The client incidents developers read (clientLogQuery); the console and server ones stay with
  // sysLogQuery's holders (admin by default): an edit answers the incident it changed.
  'clientIncidentEdit',
];

const testerGrants: Permission[] = [
  ...readGrants,
  'sysRegistrationReview',
  'sysMailOutboxQuery',
  'jobQuery',
  'userBanQuery',
  'userClearQuery',
  'copyAccountQuery',
  'removeItemQuery',
  'giftCodeCreate',
  'mailCreate',
  'devToolAccountQuery',
  'guildWarStatusQuery',
  'podTimeQuery',
  'battlePassProgressEdit',
  'leaderboardEdit',
];

/** Default grants of the built-in roles (docs/decisions/2026-11-22-foundation-staff-access-platform.md explains the choice). */
const handListed: Record<string, Permission[]> = {
  maxRole: [],
  admin: [],
  operation: unique(operationGrants),
  developer: unique(developerGrants),
  tester: unique(testerGrants),
  service: unique(serviceGrants),
  serviceManager: unique([...serviceGrants, 'removeItemQuery', 'userBanQuery', 'mailCreate', 'unbindDeviceQuery']),
};

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

describe('the default grants of the built-in roles', () => {
  it('are, folded from the areas, the sets the hand list gave', () => {
    for (const role of Object.keys(handListed))
      expect(new Set(defaultRoleGrants[role as keyof typeof defaultRoleGrants]), role).toEqual(
        new Set(handListed[role]),
      );
    expect(Object.keys(defaultRoleGrants).sort()).toEqual(Object.keys(handListed).sort());
  });

  it('refuses a grant of a permission the area does not declare, or to a role that holds none', () => {
    const probe: AreaDeclaration = {
      name: 'probe',
      permissions: { probe: { label: zhEn('探针', 'Probe'), permissions: { probeQuery: zhEn('查询', 'Query') } } },
      grants: { tester: ['probeQuery', 'userQuery'], admin: ['probeQuery'] } as AreaDeclaration['grants'],
    };
    expect(foldAreas([...areas, probe]).problems).toEqual([
      'grants of probe: userQuery is not one of its permissions',
      'grants of probe: admin is no built-in role that holds grants',
    ]);
  });
});
