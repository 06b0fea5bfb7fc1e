import { theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { useCurrentRoute } from '../../navigation/current-route';
import { routeTitle } from '../../navigation/route-index';

/** The current page's title, as its tab and the document title say it: "玩家 1042". */
export function useRouteTitle(): string {
  const { route } = useCurrentRoute();
  const { t } = useTranslation();
  const { search } = useLocation();
  const record = route?.recordQuery ? new URLSearchParams(search).get(route.recordQuery) : null;
  return route ? routeTitle(t, route.name, record, Object.fromEntries(new URLSearchParams(search))) : '';
}

/**
 * The page's heading (issue 41 item 7): read by screen readers, shown when it has the focus. After
 * every page change (not the first load, where the sign-in or the skip link comes first, nor a page
 * replacing its own address) the focus
 * moves here, so the next Tab starts in the new page instead of at the document's top; a page that
 * put the focus in itself (a field) or a dialog keeps it.
 */
export function PageHeading({ mainId }: { mainId: string }) {
  const title = useRouteTitle();
  const { token } = theme.useToken();
  const { key } = useLocation();
  // A page adjusting its own address (a list's default window, a redirect) replaces it: no move.
  const navigation = useNavigationType();
  const heading = useRef<HTMLHeadingElement>(null);
  // The first page's location is seen already (also when development's strict mode runs this twice).
  const seen = useRef(key);
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    if (navigation === 'REPLACE') return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const main = document.getElementById(mainId);
      const keeps =
        active &&
        active !== document.body &&
        active !== main &&
        (main?.contains(active) || active.closest('[role=dialog]'));
      if (!keeps) heading.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [key, navigation, mainId]);
  return (
    <h1
      ref={heading}
      tabIndex={-1}
      className="page-heading"
      style={{ background: token.colorBgContainer, color: token.colorText }}
      data-testid="page-heading"
    >
      {title}
    </h1>
  );
}
