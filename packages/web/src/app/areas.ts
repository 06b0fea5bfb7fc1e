import type { ComponentType } from 'react';
import { abtestArea } from '../features/abtest/area';
import { announcementsArea } from '../features/announcements/area';
import { authArea } from '../features/auth/area';
import { battlePassArea } from '../features/battlepass/area';
import { chestsArea } from '../features/chests/area';
import { dashboardArea } from '../features/dashboard/area';
import { giftcodesArea } from '../features/giftcodes/area';
import { guildsArea } from '../features/guilds/area';
import { jobsArea } from '../features/jobs/area';
import { ledgerArea } from '../features/ledger/area';
import { logsArea } from '../features/logs/area';
import { mailArea } from '../features/mail/area';
import { minigameArea } from '../features/minigame/area';
import { ordersArea } from '../features/orders/area';
import { performanceArea } from '../features/performance/area';
import { piggyBankArea } from '../features/piggybank/area';
import { playersArea } from '../features/players/area';
import { promotionArea } from '../features/promotion/area';
import { pushArea } from '../features/push/area';
import { redisArea } from '../features/redis/area';
import { refundsArea } from '../features/refunds/area';
import { settingsArea } from '../features/settings/area';
import type { PlayerTab, WebArea } from '../features/shared/area';
import { ssoArea } from '../features/sso/area';
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
  promotionArea,
  playersArea,
  mailArea,
  giftcodesArea,
  pushArea,
  announcementsArea,
  ledgerArea,
  settingsArea,
  storeArea,
  chestsArea,
  battlePassArea,
  ordersArea,
  guildsArea,
  minigameArea,
  piggyBankArea,
  refundsArea,
  abtestArea,
  logsArea,
  staffArea,
  ssoArea,
  jobsArea,
  redisArea,
  performanceArea,
];

/** Route table icon name → component, for the menu. */
export const routeIcons: Record<string, ComponentType> = Object.assign({}, ...webAreas.map((a) => a.icons ?? {}));

/** The tabs areas lend a player's page, in this list's order. */
export const playerTabs: readonly PlayerTab[] = webAreas.flatMap((a) => a.playerTabs ?? []);
