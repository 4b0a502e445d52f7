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

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded component of a view; the same component object for the same view. */
export function viewComponent(view: string): LazyExoticComponent<ComponentType> {
  const known = cache.get(view);
  if (known) return known;
  const loader = PAGE_MODULES[modulePathOf(view)];
  const component = loader
    ? lazy(() => loadChunk(loader))
    : lazy(async () => ({ default: () => <UnavailablePage view={view} /> }));
  cache.set(view, component);
  return component;
}
