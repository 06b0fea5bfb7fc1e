import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { pageTitle } from '../navigation/title';
import { useRouteTitle } from './layout/PageHeading';

/** The bar is needed at the first navigation, not to draw the first page. */
const progress = () => import('./progress');

/** Above every page: the top progress bar on route changes and the document title. */
export function RootFrame() {
  const navigation = useNavigation();

  useEffect(() => {
    const idle = navigation.state === 'idle';
    void progress().then((bar) => (idle ? bar.doneProgress() : bar.startProgress()));
  }, [navigation.state]);

  // The route's record title, as its tab shows it: "玩家 1042 - Rookery".
  const title = useRouteTitle();
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  return <Outlet />;
}
