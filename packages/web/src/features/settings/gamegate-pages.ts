import type { ComponentType } from 'react';
import { resourceRoutePages } from '../../crud/resource/pages';
import IpCountryPage from './ipCountry';
import MaintenancePage from './maintenance';
import { unlockTrackScreen } from './unlockTrack';
import { upgradeScreen } from './upgrade';
import { upgradeLevelScreen } from './upgradeLevel';

/**
 * The game door pages and the unlock track, loaded as one: one lazy import in the route-to-page
 * map keeps the first load's list of chunks short (the login page's budget).
 */
export const gamegatePages: Record<string, ComponentType> = {
  settingMaintenance: MaintenancePage,
  settingIpCountry: IpCountryPage,
  ...resourceRoutePages(upgradeScreen),
  ...resourceRoutePages(upgradeLevelScreen),
  ...resourceRoutePages(unlockTrackScreen),
};
