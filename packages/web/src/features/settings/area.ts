import { SettingOutlined } from '@ant-design/icons';
import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import { chunkPages, resourcePageLoaders, type WebArea } from '../shared/area';

/** The settings area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const settingsArea = {
  name: 'settings',
  pages: {
    settingConfigList: () => import('./config'),
    ...resourcePageLoaders(() => import('./config').then((m) => m.configScreen), ['settingConfigEdit']),
    ...resourcePageLoaders(
      () => import('./constants').then((m) => m.constantScreen),
      ['settingConstant', 'settingConstantAdd'],
    ),
    ...resourcePageLoaders(() => import('./dictionary').then((m) => m.dictionaryScreen), ['settingDictionary']),
    ...chunkPages(
      () => import('./gamegate-pages').then((m) => m.gamegatePages),
      ['settingMaintenance', 'settingUpgrade', 'settingUpgradeLevel', 'settingIpCountry', 'settingUnlockTrack'],
    ),
  },
  icons: { SettingOutlined },
  playerTabs: [
    {
      key: 'configOverrides',
      label: zhEn('配置覆盖', 'Config overrides'),
      // The tester overrides naming the player: shown to whoever may open the config list, whose
      // rule is the overrides endpoint's (`configQuery`); loaded with the config pages.
      rule: routeAuth('settingConfigList'),
      Tab: lazy(() => import('./config').then((m) => ({ default: m.PlayerConfigOverrides }))),
    },
  ],
} satisfies WebArea;
