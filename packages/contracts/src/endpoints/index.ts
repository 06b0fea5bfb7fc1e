import type { Endpoint } from '../endpoint.js';
import { jobEndpoints } from '../jobs.js';
import { abtestEndpoints, abtestExposureEndpoints, abtestGameEndpoints } from '../resources/abtest.js';
import { configEndpoints, configGameEndpoints } from '../resources/config.js';
import { gamegateEndpoints } from '../resources/gamegate.js';
import { resourceConsoleEndpoints, resourceGameEndpoints } from '../resources/index.js';
import { storeEndpoints, storeGameEndpoints } from '../resources/store-endpoints.js';
import { storeSettingEndpoints } from '../resources/store-settings.js';
import { audienceEndpoints } from './audience.js';
import { dashboardEndpoints } from './dashboard.js';
import { giftCodeEndpoints, giftCodeGameEndpoints } from './gift-codes.js';
import { logEndpoints, logGameEndpoints } from './logs.js';
import { mailEndpoints, mailGameEndpoints } from './mail.js';
import { performanceEndpoints } from './performance.js';
import { playerEndpoints, playerGameEndpoints } from './players.js';
import { redisEndpoints } from './redis.js';
import { staffEndpoints } from './staff.js';

/** Every console and game API call, by name. Areas add their table here. */
export const endpoints = {
  ...staffEndpoints,
  ...playerEndpoints,
  ...playerGameEndpoints,
  ...mailEndpoints,
  ...mailGameEndpoints,
  ...resourceConsoleEndpoints,
  ...resourceGameEndpoints,
  ...gamegateEndpoints,
  ...dashboardEndpoints,
  ...audienceEndpoints,
  ...configEndpoints,
  ...configGameEndpoints,
  ...jobEndpoints,
  ...giftCodeEndpoints,
  ...giftCodeGameEndpoints,
  ...logEndpoints,
  ...logGameEndpoints,
  ...redisEndpoints,
  ...performanceEndpoints,
  ...storeEndpoints,
  ...storeSettingEndpoints,
  ...storeGameEndpoints,
  ...abtestEndpoints,
  ...abtestExposureEndpoints,
  ...abtestGameEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export {
  audienceEndpoints,
  dashboardEndpoints,
  giftCodeEndpoints,
  giftCodeGameEndpoints,
  mailEndpoints,
  mailGameEndpoints,
  playerEndpoints,
  playerGameEndpoints,
  staffEndpoints,
};
