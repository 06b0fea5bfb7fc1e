import { defineArea } from '../../area.js';
import { serverRoutes } from './routes.js';

/** Game servers (pages not built yet). */
export const serversArea = defineArea({
  name: 'servers',
  routes: serverRoutes,
});

declare module '../../area.js' {
  interface AreaRouteTables {
    servers: typeof serverRoutes;
  }
}
