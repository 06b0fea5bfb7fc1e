import { defineArea } from '../area.js';
import { resourceEndpoints } from '../resource.js';
import {
  appUpgradeResource,
  gamegateEndpoints,
  ipCountryResource,
  maintenanceAllowListResource,
  maintenanceWindowResource,
  upgradeLevelResource,
} from '../resources/gamegate.js';
import { gamegateMessages } from '../resources/gamegate-messages.js';
import { unlockTrackResource } from '../resources/unlock-track.js';

/** The game's door: maintenance, version upgrade, IP country, and the unlock track. */
export const gamegateArea = defineArea({
  name: 'gamegate',
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

declare module '../area.js' {
  interface AreaMessages {
    gamegate: typeof gamegateMessages;
  }
}
