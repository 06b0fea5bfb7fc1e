import { defineArea } from '../../area.js';
import { minigameRoutes } from './routes.js';

/** Mini-games (pages not built yet). */
export const minigameArea = defineArea({
  name: 'minigame',
  routes: minigameRoutes,
});

declare module '../../area.js' {
  interface AreaRouteTables {
    minigame: typeof minigameRoutes;
  }
}
