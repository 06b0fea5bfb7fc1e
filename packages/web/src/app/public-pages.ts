import { authPublicPages } from '../features/auth/public-pages';
import type { LazyPage } from '../features/shared/area';

/**
 * The pages shown before signing in (and the error pages), known to the first load. Every other
 * page is in `pages.ts`, which loads with the first console page: its map of lazy imports grows
 * with every area and stays out of the login page's budget.
 */
export const publicPages: Record<string, LazyPage> = {
  ...authPublicPages,
  forbidden: () => import('../shell/errors/ForbiddenPage'),
  serverError: () => import('../shell/errors/ServerErrorPage'),
  notFound: () => import('../shell/errors/NotFoundPage'),
};
