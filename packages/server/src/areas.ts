import { type Area, defineArea } from './module.js';
import { abtestArea } from './modules/abtest/area.js';
import { announcementsArea } from './modules/announcements/area.js';
import { battlePassArea } from './modules/battlepass/area.js';
import { chestsArea } from './modules/chests/area.js';
import { configArea } from './modules/config/area.js';
import { contentArea } from './modules/content/area.js';
import { dashboardArea } from './modules/dashboard/area.js';
import { gamegateArea } from './modules/gamegate/area.js';
import { giftCodesArea } from './modules/giftcodes/area.js';
import { guildsArea } from './modules/guilds/area.js';
import { logsArea } from './modules/logs/area.js';
import { mailArea } from './modules/mail/area.js';
import { minigameArea } from './modules/minigame/area.js';
import { ordersArea } from './modules/orders/area.js';
import { performanceArea } from './modules/performance/area.js';
import { piggyBankArea } from './modules/piggybank/area.js';
import { playersArea } from './modules/players/area.js';
import { promotionArea } from './modules/promotion/area.js';
import { pushArea } from './modules/push/area.js';
import { redisArea } from './modules/redis/area.js';
import { ssoArea } from './modules/sso/area.js';
import { ssoCentreArea } from './modules/sso-centre/area.js';
import { staffArea } from './modules/staff/area.js';
import { storeArea } from './modules/store/area.js';
import { jobsModule } from './platform/jobs/area.js';

/**
 * The server's areas: adding an area is its folder under `modules/` and one line here. `app.ts`
 * starts them in the order their `needs` give; `schema.ts` folds their tables.
 */
export const areas: readonly Area[] = [
  staffArea,
  playersArea,
  mailArea,
  contentArea,
  dashboardArea,
  configArea,
  gamegateArea,
  giftCodesArea,
  // The jobs page's calls (the queue itself is the platform's).
  defineArea({ name: 'jobs', register: jobsModule }),
  logsArea,
  redisArea,
  performanceArea,
  storeArea,
  chestsArea,
  abtestArea,
  ordersArea,
  piggyBankArea,
  battlePassArea,
  promotionArea,
  pushArea,
  announcementsArea,
  ssoArea,
  ssoCentreArea,
  guildsArea,
  minigameArea,
];
