import type { LazyPage } from '../features/shared/area';
import { webAreas } from './areas';
import { publicPages } from './public-pages';

/**
 * Route name → its page, loaded on first visit: a fold over the list of areas, with the shell's
 * own pages. This map is itself loaded with the first console page (the login page's first load
 * carries only `publicPages`). Every built route of the contracts route table that renders a page
 * has exactly one entry (pages.test.ts holds both directions, and that no two areas bind one route).
 */
export const pages: Record<string, LazyPage> = Object.assign(
  {
    ...publicPages,
    refresh: () => import('../shell/helpers/RefreshPage'),
    redirect: () => import('../shell/helpers/RedirectPage'),
  },
  ...webAreas.map((a) => a.pages),
);
