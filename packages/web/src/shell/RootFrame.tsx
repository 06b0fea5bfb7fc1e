import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useCurrentRoute } from '../navigation/current-route';
import { pageTitle } from '../navigation/title';

NProgress.configure({ showSpinner: false });

/** Above every page: the top progress bar on route changes and the document title. */
export function RootFrame() {
  const navigation = useNavigation();
  const { route } = useCurrentRoute();
  const { t } = useTranslation();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  const title = route ? t(`routes.${route.name}`) : '';
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  return <Outlet />;
}
