import { type ReactNode, useRef } from 'react';
import { type Location, UNSAFE_LocationContext, useLocation, useNavigationType } from 'react-router-dom';

/** At most this many views stay alive (spec 000 §9 view cache). */
export const VIEW_CACHE_MAX = 10;

interface CachedView {
  readonly element: ReactNode;
  readonly location: Location;
}

/**
 * The keep-alive equivalent (spec 000 §4): the last 10 visited views stay mounted, hidden, so a
 * user who comes back finds the page as left (form inputs, scroll, loaded data). Each hidden
 * view keeps seeing the location it was rendered at. `noCache` views are never kept; `pinned`
 * ones are never evicted.
 */
export function KeepAlive(props: {
  readonly element: ReactNode;
  readonly noCache: (pathname: string) => boolean;
  readonly pinned: (pathname: string) => boolean;
}) {
  const { element, noCache, pinned } = props;
  const location = useLocation();
  const navigationType = useNavigationType();
  const cache = useRef(new Map<string, CachedView>());
  const key = location.pathname;
  const views = cache.current;

  if (noCache(key)) {
    views.delete(key);
  } else {
    views.delete(key);
    views.set(key, { element, location });
    while (views.size > VIEW_CACHE_MAX) {
      const oldest = [...views.keys()].find((path) => path !== key && !pinned(path));
      if (oldest === undefined) break;
      views.delete(oldest);
    }
  }

  return (
    <>
      {[...views.entries()].map(([path, view]) => (
        <div key={path} hidden={path !== key} style={{ height: '100%' }} data-view-path={path}>
          <UNSAFE_LocationContext.Provider value={{ location: view.location, navigationType }}>
            {view.element}
          </UNSAFE_LocationContext.Provider>
        </div>
      ))}
      {noCache(key) ? <div style={{ height: '100%' }}>{element}</div> : null}
    </>
  );
}
