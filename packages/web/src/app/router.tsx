import { pathTo, type ResolvedRoute } from '@rookery/contracts';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { sessionQueryKey } from '../access/session-key';
import { queryClient } from '../api/query-client';
import { configureApi } from '../api/request';
import { PlayerTabs } from '../features/shared/player-tabs';
import { currentLocale, i18n } from '../i18n';
import { chunkLoadTimeoutMs, withTimeout } from '../navigation/chunk-timeout';
import { RouteIcons } from '../navigation/icons';
import { guardLoader } from '../navigation/loaders';
import { homePath, knownRoutes, loginPath, pageRoutes, routeByName, toRouterPath } from '../navigation/route-index';
import { RootFrame } from '../shell/RootFrame';
import { notify } from '../ui/notices';
import { PageSpinner } from '../ui/PageSpinner';
import { publicPages } from './public-pages';

/** The crash page is rarely needed; its illustrations stay out of the first load. */
const RouteCrash = lazy(() => import('../shell/errors/RouteCrash'));

/**
 * The console's frame with what the areas bring to it (the menu's icons, the player page's tabs),
 * loaded with the list of areas on the first console page.
 */
async function framedByAreas() {
  const [{ default: ShellLayout }, { routeIcons, playerTabs }] = await Promise.all([
    import('../shell/layout/ShellLayout'),
    import('./areas'),
  ]);
  return function FramedByAreas() {
    return (
      <RouteIcons value={routeIcons}>
        <PlayerTabs value={playerTabs}>
          <ShellLayout />
        </PlayerTabs>
      </RouteIcons>
    );
  };
}

/** Pages shown without the console frame: a pending registration has no console yet. */
const bareRoutes = new Set(['registerResult']);

function pageRoute(route: ResolvedRoute): RouteObject {
  return {
    path: toRouterPath(route.fullPath),
    handle: { route },
    loader: guardLoader(route),
    lazy: async () => {
      const load = async () => (publicPages[route.name] ?? (await import('./pages')).pages[route.name])();
      return { Component: (await withTimeout(load, chunkLoadTimeoutMs, `page ${route.name}`)).default };
    },
  };
}

/** Groups of the route table only forward to their default child. */
const groupRedirects: RouteObject[] = knownRoutes
  .filter((r) => r.hasChildren && r.redirect)
  .map((r) => ({ path: r.fullPath, loader: () => redirect(r.redirect!) }));

const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: (
      <Suspense>
        <RouteCrash />
      </Suspense>
    ),
    children: [
      ...pageRoutes.filter((r) => r.public || bareRoutes.has(r.name)).map(pageRoute),
      {
        lazy: async () => ({ Component: await framedByAreas() }),
        children: [...pageRoutes.filter((r) => !r.public && !bareRoutes.has(r.name)).map(pageRoute), ...groupRedirects],
      },
      { path: '/', loader: () => redirect(homePath) },
      { ...pageRoute(routeByName.get('notFound')!), path: '*' },
    ],
  },
];

export const router = createBrowserRouter(routes);

configureApi({
  locale: currentLocale,
  // Spec §8: a notice titled 'notice' with the catalogue text, then the server's message.
  onHttpFailure: ({ title, detail }) =>
    notify('error', i18n.t('errors.notice'), detail && detail !== title ? `${title}: ${detail}` : title),
  onUnauthorized() {
    queryClient.removeQueries({ queryKey: sessionQueryKey });
    // A navigation under way has a guard loader that redirects by itself.
    if (router.state.navigation.state !== 'idle') return;
    const { pathname, search } = router.state.location;
    if (!routeByName.get('login') || pathname === pathTo('login')) return;
    router.navigate(loginPath(pathname + search), { replace: true });
  },
});
