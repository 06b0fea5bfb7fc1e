import { defineArea } from '../../area.js';
import { guildRoutes } from './routes.js';

/** Guilds (pages not built yet). */
export const guildsArea = defineArea({
  name: 'guilds',
  routes: guildRoutes,
});

declare module '../../area.js' {
  interface AreaRouteTables {
    guilds: typeof guildRoutes;
  }
}
