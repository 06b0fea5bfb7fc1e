import { defineRoutes, ops, under } from './types.js';

/** Settings: remote config, maintenance, constants, dictionary, upgrades and game item config. */
export const settingRoutes = defineRoutes([
  {
    path: '/setting',
    name: 'setting',
    icon: 'SettingOutlined',
    redirect: '/setting/config/list',
    auth: ops('configQuery', 'maintenanceQuery', 'constQuery', 'dictQuery', 'appUpgradeQuery', 'gameItemConfigQuery'),
    children: [
      { path: 'config/list', name: 'settingConfigList', auth: ops('configQuery'), built: true },
      {
        path: 'config/edit',
        name: 'settingConfigEdit',
        ...under('settingConfigList'),
        auth: ops('configCreate'),
        built: true,
      },
      { path: 'maintenance', name: 'settingMaintenance', auth: ops('maintenanceQuery'), built: true },
      { path: 'config/iap', name: 'settingConfigIap', auth: ops('iapConfigQuery'), built: true },
      { path: 'config/item', name: 'settingConfigItem', auth: ops('gameItemConfigQuery'), built: true },
      {
        path: 'config/wayofconsumption',
        name: 'settingWayOfConsumption',
        auth: ops('gameItemConfigQuery'),
        built: true,
      },
      { path: 'constant', name: 'settingConstant', auth: ops('constQuery'), built: true },
      {
        path: 'constant/add',
        name: 'settingConstantAdd',
        ...under('settingConstant'),
        auth: ops('constEdit'),
        built: true,
      },
      { path: 'announcement/list', name: 'settingAnnouncementList', auth: ops('announcementQuery') },
      {
        path: 'announcement/edit',
        name: 'settingAnnouncementEdit',
        ...under('settingAnnouncementList'),
        auth: ops('announcementQuery'),
      },
      { path: 'dictionary', name: 'settingDictionary', auth: ops('dictQuery'), built: true },
      { path: 'ipcountry', name: 'settingIpCountry', auth: ops('dictQuery'), built: true },
      { path: 'upgrade', name: 'settingUpgrade', auth: ops('appUpgradeQuery'), built: true },
      { path: 'upgradeLevel', name: 'settingUpgradeLevel', auth: ops('appUpgradeQuery'), built: true },
      { path: 'unlocktrack', name: 'settingUnlockTrack', auth: ops('gameItemConfigQuery'), built: true },
    ],
  },
]);
