// Each area declares its endpoints (`defineArea({ endpoints })`); the table is their fold (`areas.ts`).
export { type EndpointName, endpoints } from '../areas.js';
export { audienceEndpoints } from './audience.js';
export { dashboardEndpoints } from './dashboard.js';
export { giftCodeEndpoints, giftCodeGameEndpoints } from './gift-codes.js';
export { mailEndpoints, mailGameEndpoints } from './mail.js';
export { playerEndpoints, playerGameEndpoints } from './players.js';
export { staffEndpoints } from './staff.js';
