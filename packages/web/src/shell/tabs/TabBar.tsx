import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { homePath, routeTitle } from '../../navigation/route-index';
import { useTabs } from './store';
import { locationTabKey } from './tab-entry';
import {
  type CloseResult,
  closeAllTabs,
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  refreshTab,
  type TabEntry,
  tabKey,
} from './tab-ops';

/** The tab of where the browser is now (a navigation renders in a transition, so React's location can lag). */
const browserTabKey = () => locationTabKey(window.location.pathname, window.location.search);

/**
 * antd's tab bar puts `role="tablist"` on the whole bar, so the overflow button, the bar's extra
 * content and each tab's close button sit in the tablist, which may hold only tabs (axe
 * `aria-required-children`). This moves the role to the list of tabs, names the overflow button,
 * and takes the close buttons out of the tab order and the accessibility tree: the keyboard
 * closes the focused tab with Delete, and every close action is in the tab's menu (the button
 * after the tabs), both announced. Re-applied as antd re-renders the bar.
 */
function useValidTabMarkup(names: { bar: string; more: string }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const set = (node: Element | null, name: string, value: string | null) => {
      if (!node || node.getAttribute(name) === value) return;
      if (value === null) node.removeAttribute(name);
      else node.setAttribute(name, value);
    };
    const apply = () => {
      const nav = el.querySelector('.ant-tabs-nav');
      set(nav, 'role', null);
      set(nav, 'aria-orientation', null);
      const list = el.querySelector('.ant-tabs-nav-list');
      set(list, 'role', 'tablist');
      set(list, 'aria-label', names.bar);
      set(el.querySelector('.ant-tabs-nav-more'), 'aria-label', names.more);
      for (const close of el.querySelectorAll('.ant-tabs-tab-remove')) {
        set(close, 'tabindex', '-1');
        set(close, 'aria-hidden', 'true');
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'tabindex'] });
    return () => observer.disconnect();
  }, [names.bar, names.more]);
  return root;
}

type TabAction = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/** The multi-tab bar. Each tab has a context menu; the button on the right acts on the current tab. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { tabs, apply } = useTabs();
  const markup = useValidTabMarkup({ bar: t('tabs.bar'), more: t('tabs.more') });

  const finish = ({ tabs: next, navigateTo }: CloseResult) => {
    apply(next);
    if (!navigateTo) return;
    useTabs.setState({ leaving: browserTabKey() });
    navigate(navigateTo);
  };

  const run = (action: TabAction, key: string) => {
    // Where the user is now: a navigation renders in a transition, so right after one the last
    // rendered pathname can still be the previous page.
    const current = browserTabKey();
    // The list as it is now, not as it was at this component's last render.
    const tabs = useTabs.getState().tabs;
    if (action === 'refresh') return apply(refreshTab(tabs, key));
    if (action === 'close') return finish(closeTab(tabs, key, current, homePath));
    if (action === 'closeLeft') return finish(closeLeftTabs(tabs, key, current));
    if (action === 'closeRight') return finish(closeRightTabs(tabs, key, current));
    if (action === 'closeOthers') return finish(closeOtherTabs(tabs, key, current));
    return finish(closeAllTabs(tabs, current, homePath));
  };

  const menuFor = (key: string): MenuProps => {
    const index = tabs.findIndex((tab) => tabKey(tab) === key);
    const affix = Boolean(tabs[index]?.meta.affix);
    const items: { key: TabAction; disabled?: boolean }[] = [
      { key: 'refresh' },
      { key: 'close', disabled: affix },
      { key: 'closeLeft', disabled: tabs.slice(0, index).every((tab) => tab.meta.affix) },
      { key: 'closeRight', disabled: index === tabs.length - 1 },
      { key: 'closeOthers', disabled: tabs.every((tab, i) => i === index || tab.meta.affix) },
      { key: 'closeAll', disabled: tabs.every((tab) => tab.meta.affix) },
    ];
    return {
      items: items.map((item) => ({ ...item, label: t(`tabs.${item.key}`), 'data-testid': `tab-action-${item.key}` })),
      onClick: ({ key: action }) => run(action as TabAction, key),
    };
  };

  const currentKey = locationTabKey(pathname, search);
  const activeKey = tabs.some((tab) => tabKey(tab) === currentKey) ? currentKey : undefined;
  const titleOf = (tab: TabEntry) => routeTitle(t, tab.name, tab.meta.record, tab.query);

  return (
    <div ref={markup}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        // Every click counts, judged against where the browser is: right after a navigation the tab
        // bar's own idea of the active tab can lag, and a click on the tab it still thinks active
        // would otherwise be ignored.
        onTabClick={(key) => {
          const target = tabs.find((tab) => tabKey(tab) === key)?.fullPath ?? key;
          if (target !== window.location.pathname + window.location.search) navigate(target);
        }}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && run('close', key)}
        style={{ marginBottom: 0 }}
        data-testid="tab-bar"
        items={tabs.map((tab) => ({
          key: tabKey(tab),
          closable: !tab.meta.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tabKey(tab))}>
              <span data-testid="tab-title">{titleOf(tab)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          activeKey && (
            <Dropdown
              menu={{
                ...menuFor(activeKey),
                onClick: ({ key: action }) => run(action as TabAction, browserTabKey()),
              }}
              trigger={['click']}
            >
              <Button
                type="text"
                size="small"
                icon={<DownOutlined />}
                aria-label={t('tabs.close')}
                data-testid="tab-actions"
              />
            </Dropdown>
          )
        }
      />
    </div>
  );
}
