import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, theme as antdTheme, Button, Drawer, Layout, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../access/session';
import { currentHostKind } from '../../navigation/host';
import { findPageRoute } from '../../navigation/route-index';
import { useDeviceClass } from '../../ui/device';
import { useTabStaysInDialogs } from '../a11y/dialog-tab';
import { useFocusRescue } from '../a11y/focus-rescue';
import { useFocusableScrollRegions } from '../a11y/scroll-regions';
import { FullscreenToggle } from '../header/FullscreenToggle';
import { LanguageSwitch } from '../header/LanguageSwitch';
import { LogIndicator } from '../header/LogIndicator';
import MaintenanceBanner from '../header/MaintenanceBanner';
import { PreviewBanner } from '../header/PreviewBanner';
import { SettingsDrawer } from '../header/SettingsDrawer';
import { UserDropdown } from '../header/UserDropdown';
import { useSettings } from '../settings/store';
import { PageOutlet } from '../tabs/PageOutlet';
import { useTabs } from '../tabs/store';
import { TabBar } from '../tabs/TabBar';
import { locationTabKey, tabOf } from '../tabs/tab-entry';
import { openTab } from '../tabs/tab-ops';
import { NavMenu } from './NavMenu';
import { PageBreadcrumb } from './PageBreadcrumb';
import { PageHeading } from './PageHeading';
import { useScrolledPast } from './useScrolledPast';
// A finished form closes its tab (registered with the kit's useLeaveForm).
import '../tabs/leave';

/** Spec §9 sizes. */
export const siderWidth = 256;
export const siderCollapsedWidth = 80;
export const headerHeight = 64;
export const headerHideAfter = 300;
/** The page's `main` landmark, where the skip link leads. */
const mainId = 'main-content';

/** The console frame around every signed-in page: menu, header, tabs, page. */
export default function ShellLayout() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const session = useSession().data;
  const location = useLocation();
  const { menuTheme, layout } = useSettings();
  const device = useDeviceClass();
  const [collapsed, setCollapsed] = useState(device !== 'desktop');
  const headerHidden = useScrolledPast(headerHideAfter);
  useFocusableScrollRegions(t('common.tableRegion'));
  useTabStaysInDialogs();
  useFocusRescue(mainId);
  // On a phone the side menu is a drawer over the page, closed until the menu button opens it.
  const mobile = device === 'mobile';
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => setCollapsed(device !== 'desktop'), [device]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (the drawer's menu was followed) closes it
  useEffect(() => setDrawerOpen(false), [location.pathname, device]);

  const fullPath = location.pathname + location.search;
  // The page whose tab was last opened: a tab is opened when the user arrives somewhere, not on
  // every render.
  const openedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!session) return;
    if (useSettings.getState().owner !== session.username) useSettings.getState().loadFor(session.username);
    const tabs = useTabs.getState();
    if (tabs.owner !== session.username) tabs.restoreFor(session.username, session.access);
    // A render can arrive late, for a page the user already left (closed its tab while it was
    // still loading): opening a tab for it would bring the closed tab back.
    if (location.pathname !== window.location.pathname) return;
    // The same, before the address has changed: the page whose tab was just closed.
    const { leaving } = useTabs.getState();
    if (leaving === locationTabKey(location.pathname, location.search)) return;
    if (leaving) useTabs.setState({ leaving: null });
    const arrival = `${session.username} ${fullPath}`;
    if (openedFor.current === arrival) return;
    openedFor.current = arrival;
    // The page is found from the location itself: during a navigation the router's matches can
    // still name the page being left.
    const page = findPageRoute(location.pathname);
    if (page && !page.route.hideInTab)
      useTabs.getState().apply(openTab(useTabs.getState().tabs, tabOf(page.route, fullPath, page.params)));
  }, [fullPath, location.pathname, location.search, session]);

  // A phone always gets the side menu, as a drawer: a top menu does not fit its header.
  const side = layout === 'side' || mobile;
  const siderOffset = side && !mobile ? (collapsed ? siderCollapsedWidth : siderWidth) : 0;
  const brand = (small: boolean) => (
    <div
      style={{
        height: headerHeight,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 600,
        fontSize: 18,
        color: menuTheme === 'dark' ? '#fff' : token.colorText,
      }}
    >
      {small ? 'R' : t('app.brand')}
    </div>
  );

  return (
    // Screens' modals, messages and notices take the theme and language from here.
    <App component={false}>
      <a
        href={`#${mainId}`}
        className="skip-link"
        style={{ background: token.colorBgContainer, color: token.colorLink, borderColor: token.colorPrimary }}
      >
        {t('shell.skipToContent')}
      </a>
      <Layout style={{ minHeight: '100vh' }}>
        {side && !mobile && (
          <Layout.Sider
            theme={menuTheme}
            width={siderWidth}
            collapsedWidth={siderCollapsedWidth}
            collapsed={collapsed}
            trigger={null}
            style={{ position: 'fixed', insetInlineStart: 0, top: 0, bottom: 0, overflow: 'auto', zIndex: 20 }}
            data-testid="side-menu"
          >
            {brand(collapsed)}
            <NavMenu mode="inline" theme={menuTheme} collapsed={collapsed} />
          </Layout.Sider>
        )}
        {mobile && (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            placement="left"
            size={siderWidth}
            closable={false}
            styles={{
              body: { padding: 0, background: menuTheme === 'dark' ? token.colorBgSpotlight : token.colorBgContainer },
            }}
            data-testid="menu-drawer"
          >
            <Layout.Sider theme={menuTheme} width="100%" style={{ minHeight: '100%' }} data-testid="side-menu">
              {brand(false)}
              <NavMenu mode="inline" theme={menuTheme} />
            </Layout.Sider>
          </Drawer>
        )}
        <Layout style={{ marginInlineStart: siderOffset, transition: token.motion ? 'margin 0.2s' : undefined }}>
          <Layout.Header
            style={{
              position: 'sticky',
              top: 0,
              zIndex: 10,
              height: headerHeight,
              lineHeight: `${headerHeight}px`,
              padding: mobile ? '0 8px' : '0 16px',
              display: 'flex',
              alignItems: 'center',
              gap: mobile ? 4 : 12,
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
              transform: headerHidden ? `translateY(-${headerHeight}px)` : undefined,
              transition: token.motion ? 'transform 0.2s' : undefined,
            }}
            data-testid="header"
          >
            {side ? (
              <>
                {mobile ? (
                  <Button
                    type="text"
                    aria-label={t('shell.openMenu')}
                    icon={<MenuOutlined />}
                    onClick={() => setDrawerOpen(true)}
                    data-testid="menu-button"
                  />
                ) : (
                  <Button
                    type="text"
                    aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
                    icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                    onClick={() => setCollapsed(!collapsed)}
                  />
                )}
                <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>{!mobile && <PageBreadcrumb />}</div>
              </>
            ) : (
              <>
                <strong style={{ fontSize: 18 }}>{t('app.brand')}</strong>
                <NavMenu mode="horizontal" theme="light" />
              </>
            )}
            <Space size={mobile ? 0 : 4}>
              {currentHostKind === 'test' && (
                <Tag color="orange" data-testid="test-tag" style={mobile ? { marginInlineEnd: 0 } : undefined}>
                  {t('app.testTag')}
                </Tag>
              )}
              <LogIndicator />
              {!mobile && <FullscreenToggle />}
              <LanguageSwitch />
              <SettingsDrawer />
              <UserDropdown compact={mobile} />
            </Space>
          </Layout.Header>
          <PreviewBanner />
          <MaintenanceBanner />
          <div style={{ background: token.colorBgContainer, padding: mobile ? '4px 8px 0' : '4px 16px 0' }}>
            <TabBar />
          </div>
          {/* minWidth 0: a wide table scrolls inside its card instead of widening the page. */}
          <Layout.Content id={mainId} tabIndex={-1} style={{ margin: mobile ? 8 : 16, minWidth: 0, outline: 'none' }}>
            <PageHeading mainId={mainId} />
            <PageOutlet activeKey={locationTabKey(location.pathname, location.search)} />
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  );
}
