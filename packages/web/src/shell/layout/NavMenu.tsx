import { builtRoutes } from '@rookery/contracts';
import { Menu, type MenuProps } from 'antd';
import { type ComponentType, createElement, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { sessionFeatures, useAccess, useSession } from '../../access/session';
import { useCurrentRoute } from '../../navigation/current-route';
import { currentHostKind } from '../../navigation/host';
import { RouteIcons } from '../../navigation/icons';
import { buildMenu, type MenuEntry, selectedMenuKey } from '../../navigation/menu';
import { routeByName } from '../../navigation/route-index';

type Items = NonNullable<MenuProps['items']>;

function toItems(
  entries: MenuEntry[],
  title: (name: string) => string,
  icons: Readonly<Record<string, ComponentType>>,
): Items {
  return entries.map((e) => ({
    key: e.key,
    label: title(e.name),
    icon: e.icon && icons[e.icon] ? createElement(icons[e.icon]) : undefined,
    children: e.children ? toItems(e.children, title, icons) : undefined,
  }));
}

/** The side (inline) or top (horizontal) menu, derived from the route table. Groups open one at a time. */
export function NavMenu({
  mode,
  theme,
  collapsed,
}: {
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const session = useSession().data;
  const { route } = useCurrentRoute();
  const { search } = useLocation();
  const entries = useMemo(
    () =>
      buildMenu(builtRoutes(), {
        access,
        sso: sessionFeatures(session).sso,
        preRelease: currentHostKind === 'preRelease',
      }),
    [access, session],
  );
  const icons = useContext(RouteIcons);
  const items = useMemo(() => toItems(entries, (name) => t(`routes.${name}`), icons), [entries, t, icons]);

  const groupKey = route ? routeByName.get(route.trail[0])?.fullPath : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(groupKey ? [groupKey] : []);
  useEffect(() => {
    if (groupKey) setOpenKeys((keys) => (keys.includes(groupKey) ? keys : [groupKey]));
  }, [groupKey]);

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={route ? [selectedMenuKey(route, search)] : []}
      {...(mode === 'inline' && !collapsed
        ? { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys.slice(-1)) }
        : {})}
      onClick={({ key }) => navigate(key)}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
      data-testid="nav-menu"
    />
  );
}
