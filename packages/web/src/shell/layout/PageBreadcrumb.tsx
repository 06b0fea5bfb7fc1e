import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { breadcrumbOf } from '../../navigation/breadcrumb';
import { useCurrentRoute } from '../../navigation/current-route';
import { routeByName } from '../../navigation/route-index';

/** Spec §9: the breadcrumb is at most 560 px wide. */
export const breadcrumbMaxWidth = 560;

export function PageBreadcrumb() {
  const { t } = useTranslation();
  const { route } = useCurrentRoute();
  if (!route) return null;
  const items = breadcrumbOf(route, routeByName).map((c) => ({
    key: c.name,
    title: c.path ? <Link to={c.path}>{t(`routes.${c.name}`)}</Link> : t(`routes.${c.name}`),
  }));
  return (
    <Breadcrumb
      items={items}
      style={{ maxWidth: breadcrumbMaxWidth, overflow: 'hidden', whiteSpace: 'nowrap' }}
      data-testid="breadcrumb"
    />
  );
}
