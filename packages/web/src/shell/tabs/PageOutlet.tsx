import { Fragment, type ReactNode, useContext, useRef } from 'react';
import { UNSAFE_LocationContext, useOutlet } from 'react-router';
import { useTabs } from './store';
import { keptAliveKeys, tabKey } from './tab-ops';

/**
 * The page area. A page whose route has `cache: true` stays mounted (hidden) while its tab is
 * open, with the location it was last shown at; any other page remounts when its tab is refreshed.
 */
export function PageOutlet({ activeKey }: { activeKey: string }) {
  const outlet = useOutlet();
  const location = useContext(UNSAFE_LocationContext);
  const tabs = useTabs((s) => s.tabs);
  const kept = useRef(new Map<string, ReactNode>());

  const keep = keptAliveKeys(tabs);
  const version = (key: string) => tabs.find((tab) => tabKey(tab) === key)?.meta.version ?? 0;
  const activeIsKept = keep.includes(activeKey);
  if (activeIsKept)
    kept.current.set(
      activeKey,
      <UNSAFE_LocationContext.Provider value={location}>{outlet}</UNSAFE_LocationContext.Provider>,
    );
  for (const key of [...kept.current.keys()]) if (!keep.includes(key)) kept.current.delete(key);

  return (
    <>
      {[...kept.current].map(([key, page]) => (
        <div key={`${key}#${version(key)}`} hidden={key !== activeKey}>
          {page}
        </div>
      ))}
      {!activeIsKept && <Fragment key={`${activeKey}#${version(activeKey)}`}>{outlet}</Fragment>}
    </>
  );
}
