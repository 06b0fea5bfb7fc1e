import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useCurrentRoute } from '../navigation/current-route';
import { routeTitle } from '../navigation/route-index';
import { pageTitle } from '../navigation/title';

/** The bar is needed at the first navigation, not to draw the first page. */
const progress = () => import('./progress');

/** Above every page: the top progress bar on route changes and the document title. */
export function RootFrame() {
  const navigation = useNavigation();
  const { route } = useCurrentRoute();
  const { t } = useTranslation();

  useEffect(() => {
    const idle = navigation.state === 'idle';
    void progress().then((bar) => (idle ? bar.doneProgress() : bar.startProgress()));
  }, [navigation.state]);

  const { search } = useLocation();
  // The route's record title, as its tab shows it: "玩家 1042 - Rookery".
  const record = route?.recordQuery ? new URLSearchParams(search).get(route.recordQuery) : null;
  const title = route ? routeTitle(t, route.name, record, Object.fromEntries(new URLSearchParams(search))) : '';
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  return <Outlet />;
}
