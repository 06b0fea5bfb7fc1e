import type { ComponentType } from 'react';
import { abtestArea } from '../features/abtest/area';
import { authArea } from '../features/auth/area';
import { dashboardArea } from '../features/dashboard/area';
import { giftcodesArea } from '../features/giftcodes/area';
import { jobsArea } from '../features/jobs/area';
import { logsArea } from '../features/logs/area';
import { mailArea } from '../features/mail/area';
import { performanceArea } from '../features/performance/area';
import { playersArea } from '../features/players/area';
import { redisArea } from '../features/redis/area';
import { settingsArea } from '../features/settings/area';
import type { PlayerTab, WebArea } from '../features/shared/area';
import { staffArea } from '../features/staff/area';
import { storeArea } from '../features/store/area';

/**
 * The console's areas, one line each: the route-to-page map, the menu icons and the player
 * page's tabs are folds over this list. Adding an area is its folder and one line here. Loaded
 * with the first console page, not with the login page (`public-pages.ts` is that one's).
 */
export const webAreas: readonly WebArea[] = [
  authArea,
  dashboardArea,
  playersArea,
  mailArea,
  giftcodesArea,
  settingsArea,
  storeArea,
  abtestArea,
  logsArea,
  staffArea,
  jobsArea,
  redisArea,
  performanceArea,
];

/** Route table icon name → component, for the menu. */
export const routeIcons: Record<string, ComponentType> = Object.assign({}, ...webAreas.map((a) => a.icons ?? {}));

/** The tabs areas lend a player's page, in this list's order. */
export const playerTabs: readonly PlayerTab[] = webAreas.flatMap((a) => a.playerTabs ?? []);
