import { resourcePages } from '../../crud/resource/pages';
import { unlockTrackScreen } from './unlockTrack';
import { upgradeScreen } from './upgrade';
import { upgradeLevelScreen } from './upgradeLevel';

export { default as settingIpCountry } from './ipCountry';
/**
 * The game door screens and the unlock track, loaded as one: one lazy import in the route map
 * keeps the first load's list of chunks short (the login page's budget).
 */
export { default as settingMaintenance } from './maintenance';
export const settingUpgrade = resourcePages(upgradeScreen).list;
export const settingUpgradeLevel = resourcePages(upgradeLevelScreen).list;
export const settingUnlockTrack = resourcePages(unlockTrackScreen).list;
