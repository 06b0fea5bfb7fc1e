import { defineArea } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { gamegateMessages } from './messages.js';
import {
  appUpgradeResource,
  gamegateEndpoints,
  ipCountryResource,
  maintenanceAllowListResource,
  maintenanceWindowResource,
  upgradeLevelResource,
} from './resources.js';
import { unlockKindLabels, unlockTrackResource } from './unlock-track.js';

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    maintenanceWindow: { label: zhEn('维护窗口 {id}', 'maintenance window {id}') },
    maintenanceAllowList: { label: zhEn('维护白名单 {id}', 'maintenance allow-list {id}') },
    appUpgrade: { label: zhEn('{id} 版本升级', '{id} version upgrade') },
    upgradeLevel: { label: zhEn('升级等级 {id}', 'upgrade level {id}') },
    ipCountry: { label: zhEn('IP 国家覆盖 {id}', 'IP country override {id}') },
    unlockTrack: { label: zhEn('解锁轨迹 {id}', 'unlock track row {id}') },
  },
  actions: {
    ...resourceActions('maintenanceWindow', zhEn('维护窗口', 'maintenance window')),
    ...resourceActions('maintenanceAllowList', zhEn('维护白名单', 'maintenance allow-list')),
    ...resourceActions('appUpgrade', zhEn('版本升级', 'version upgrade')),
    ...resourceActions('upgradeLevel', zhEn('升级等级', 'upgrade level')),
    ...resourceActions('ipCountry', zhEn('IP 国家覆盖', 'IP country override')),
    ...resourceActions('unlockTrack', zhEn('解锁轨迹', 'unlock track row')),
    maintenanceStarted: {
      label: zhEn('维护开始', 'Maintenance started'),
      sentence: zhEn('{maintenanceWindow}开始', '{maintenanceWindow} started'),
      target: 'maintenanceWindow',
    },
    maintenanceEnded: {
      label: zhEn('维护结束', 'Maintenance ended'),
      sentence: zhEn('{maintenanceWindow}结束', '{maintenanceWindow} ended'),
      target: 'maintenanceWindow',
    },
  },
} satisfies AreaAudit;

/** The game's door: maintenance, version upgrade, IP country, and the unlock track. */
export const gamegateArea = defineArea({
  name: 'gamegate',
  values: { kind: unlockKindLabels },
  audit,
  endpoints: {
    ...resourceEndpoints(maintenanceWindowResource),
    ...resourceEndpoints(maintenanceAllowListResource),
    ...resourceEndpoints(appUpgradeResource),
    ...resourceEndpoints(upgradeLevelResource),
    ...resourceEndpoints(ipCountryResource),
    ...resourceEndpoints(unlockTrackResource),
    ...gamegateEndpoints,
  },
  resources: {
    maintenanceWindow: maintenanceWindowResource,
    maintenanceAllowList: maintenanceAllowListResource,
    appUpgrade: appUpgradeResource,
    upgradeLevel: upgradeLevelResource,
    ipCountry: ipCountryResource,
    unlockTrack: unlockTrackResource,
  },
  messages: gamegateMessages,
});

declare module '../../area.js' {
  interface AreaMessages {
    gamegate: typeof gamegateMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './resources.js';
export * from './unlock-track.js';
