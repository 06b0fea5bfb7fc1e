import { defineRoutes } from './types.js';

/** Helper and error pages of the console frame. */
export const shellRoutes = defineRoutes([
  { path: '/refresh', name: 'refresh', hideInMenu: true, hideInTab: true, built: true },
  { path: '/redirect/:route*', name: 'redirect', hideInMenu: true, hideInTab: true, built: true },
  { path: '/403', name: 'forbidden', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/500', name: 'serverError', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/404', name: 'notFound', public: true, hideInMenu: true, hideInTab: true, built: true },
]);
