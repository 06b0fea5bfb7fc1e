import { defineArea } from '../../area.js';
import { shellRoutes } from './routes.js';

/** The shell's own pages: home, refresh, redirect, error pages. */
export const shellArea = defineArea({
  name: 'shell',
  routes: shellRoutes,
});

declare module '../../area.js' {
  interface AreaRouteTables {
    shell: typeof shellRoutes;
  }
}
