// Each area declares its endpoints (`defineArea({ endpoints })`); the table is their fold (`areas.ts`).
export { type EndpointName, endpoints } from '../areas.js';
