import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { UnavailablePage } from '../../components/UnavailablePage';
import { loadChunk } from './loadChunk';

/**
 * The views a menu entry's `url` can name (spec 000 §2, lazily loaded view areas).
 * `a/b/index` is `pages/a/b/index.tsx`; `a/b/c` is `pages/a/b/c/index.tsx`. A view of one of
 * the product's areas whose page has not been built yet shows an honest "not available yet"
 * page; a view outside every area is invalid and its route is hidden.
 */

type ViewModule = { default: ComponentType };

const PAGE_MODULES = import.meta.glob<ViewModule>('../../pages/**/index.tsx');

/** The view areas of the spec; a view under one of them is valid even before its page exists. */
export const VIEW_AREAS = [
  'home',
  'videos',
  'sharePage',
  'tilesetModel',
  'project',
  'openVip',
  'optimalDesign',
  'preliminaryStage',
  'feasibilityAssess',
  'costManagement',
  'batchDownload',
  'measure',
  'intelligentDesign',
  'salesManage',
  'statisticAnalysis',
  'system',
  'reports',
  'test',
] as const;

function modulePathOf(view: string): string {
  const clean = view.replace(/^\/+|\/+$/g, '').replace(/\.(vue|tsx?)$/, '');
  const file = clean.endsWith('/index') || clean === 'index' ? clean : `${clean}/index`;
  return `../../pages/${file}.tsx`;
}

function areaOf(view: string): string {
  return view.replace(/^\/+/, '').split('/')[0] ?? '';
}

/** Whether a view names a page of the app (built or planned). */
export function isKnownView(view: string): boolean {
  return modulePathOf(view) in PAGE_MODULES || (VIEW_AREAS as readonly string[]).includes(areaOf(view));
}

/** Whether the view's page has been built (otherwise it is shown as not available yet). */
export function isBuiltView(view: string): boolean {
  return modulePathOf(view) in PAGE_MODULES;
}

/** A view's component, and a way to fetch its chunk ahead of navigation. */
export type ViewComponent = ComponentType & { readonly preload: () => Promise<void> };

const cache = new Map<string, ViewComponent>();

/**
 * The lazily loaded component of a view; the same component object for the same view. Once its
 * chunk is loaded (by a render or by `preload`) the view renders without suspending, so a
 * navigation to a preloaded view shows no loading state (React holds a revealed fallback ≥ 300 ms).
 */
export function viewComponent(view: string): ViewComponent {
  const known = cache.get(view);
  if (known) return known;
  const loader = PAGE_MODULES[modulePathOf(view)];
  let loaded: ComponentType | null = null;
  const remember = (module: ViewModule) => {
    loaded = module.default;
    return module;
  };
  const Lazy: LazyExoticComponent<ComponentType> = loader
    ? lazy(() => loadChunk(loader).then(remember))
    : lazy(async () => ({ default: () => <UnavailablePage view={view} /> }));
  const component = Object.assign(
    function View() {
      const Loaded = loaded;
      return Loaded ? <Loaded /> : <Lazy />;
    },
    {
      // A preload that fails stays silent: the navigation itself loads (and reports) the chunk.
      preload: async () => {
        if (!loader || loaded) return;
        await loader()
          .then(remember)
          .catch(() => undefined);
      },
    },
  );
  cache.set(view, component);
  return component;
}

/** Fetch the chunks of views the user is likely to open next, when the browser is idle. */
export function preloadViewsWhenIdle(views: readonly string[]): () => void {
  const run = () => {
    for (const view of views) void viewComponent(view).preload();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 2000);
  return () => window.clearTimeout(timer);
}
