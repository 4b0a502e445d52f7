import type { MenuEntry } from '@pvplan/contract';

/**
 * The server's menu tree turned into the app's routes (spec 000 §2, menu-driven routes).
 * Pure: no React, no router; the router and the sidebar are built from its output.
 */

export interface RouteTitle {
  readonly zh: string;
  readonly en: string;
}

/** A folder (M) or a page (C) of the menu, with its absolute path resolved. */
export interface MenuRoute {
  readonly key: string;
  readonly kind: 'folder' | 'page';
  /** Absolute path, e.g. `/preliminaryStage/priceSearch`. */
  readonly path: string;
  /** Route name: the entry's buttonFlag. */
  readonly name: string | null;
  readonly title: RouteTitle;
  readonly icon: string | null;
  /** Pages: the lazily loaded view (`url`); folders: null. */
  readonly view: string | null;
  /** Not in the sidebar: menuState 1, or a page whose view file is unknown (spec: "invalid page files mark the route hidden"). */
  readonly hidden: boolean;
  /** Page whose view exists and can be routed to. */
  readonly routable: boolean;
  /** Level-1 folders use the main layout; deeper folders are a blank pass-through. */
  readonly layout: 'main' | 'passThrough' | null;
  readonly children: readonly MenuRoute[];
}

export interface MenuRoutesOptions {
  /** Whether a view file exists for a menu entry's `url`. */
  readonly isKnownView: (view: string) => boolean;
}

function byMenuOrder(a: MenuEntry, b: MenuEntry): number {
  return a.menuOrder - b.menuOrder || a.menuId - b.menuId;
}

/** `/a` + `b` → `/a/b`; an absolute routeUrl stays as it is; slashes are collapsed. */
export function joinRoutePath(parentPath: string, routeUrl: string | null): string {
  const own = (routeUrl ?? '').trim();
  const joined = own.startsWith('/') ? own : `${parentPath}/${own}`;
  const collapsed = joined.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

function toRoute(
  entry: MenuEntry,
  parentPath: string,
  depth: number,
  options: MenuRoutesOptions,
): MenuRoute[] {
  const path = joinRoutePath(parentPath, entry.routeUrl);
  const title = { zh: entry.textCh, en: entry.textEn || entry.textCh };
  const children = [...entry.children].filter((child) => child.menuType !== 'F').sort(byMenuOrder);
  if (entry.menuType === 'M') {
    return [
      {
        key: `menu-${entry.menuId}`,
        kind: 'folder',
        path,
        name: entry.buttonFlag,
        title,
        icon: entry.menuIcon,
        view: null,
        hidden: entry.menuState === 1,
        routable: false,
        layout: depth === 1 ? 'main' : 'passThrough',
        children: children.flatMap((child) => toRoute(child, path, depth + 1, options)),
      },
    ];
  }
  const view = entry.url?.trim() || null;
  const known = view !== null && options.isKnownView(view);
  const page: MenuRoute = {
    key: `menu-${entry.menuId}`,
    kind: 'page',
    path,
    name: entry.buttonFlag,
    title,
    icon: entry.menuIcon,
    view,
    hidden: entry.menuState === 1 || !known,
    routable: known,
    layout: null,
    children: [],
  };
  // A page with (non-button) children is split: the page is a leaf and its children follow it
  // as siblings, their relative paths resolved against the same parent.
  return [page, ...children.flatMap((child) => toRoute(child, parentPath, depth, options))];
}

/** The menu tree as routes: children sorted by menuOrder, F entries dropped (they are permissions). */
export function menuToRoutes(menu: readonly MenuEntry[], options: MenuRoutesOptions): MenuRoute[] {
  return [...menu]
    .filter((entry) => entry.menuType !== 'F')
    .sort(byMenuOrder)
    .flatMap((entry) => toRoute(entry, '', 1, options));
}

/** Every page route, depth first in menu order. */
export function pageRoutes(routes: readonly MenuRoute[]): MenuRoute[] {
  return routes.flatMap((route) => (route.kind === 'page' ? [route] : pageRoutes(route.children)));
}

/** Where a user goes when no route matches: the first routable page of the menu (spec 000 §2). */
export function firstPagePath(routes: readonly MenuRoute[]): string | null {
  const pages = pageRoutes(routes).filter((page) => page.routable);
  return (pages.find((page) => !page.hidden) ?? pages[0])?.path ?? null;
}

/** The button permissions of a menu: the buttonFlag of every F entry (spec 000 §6). */
export function menuPermissions(menu: readonly MenuEntry[]): string[] {
  const flags = new Set<string>();
  const walk = (entries: readonly MenuEntry[]) => {
    for (const entry of entries) {
      if (entry.menuType === 'F' && entry.buttonFlag) flags.add(entry.buttonFlag);
      walk(entry.children);
    }
  };
  walk(menu);
  return [...flags];
}

/** The chain of routes from the top of the menu to the route at `pathname` (for the breadcrumb). */
export function routeTrail(routes: readonly MenuRoute[], pathname: string): MenuRoute[] {
  for (const route of routes) {
    if (route.kind === 'page' && route.path === pathname) return [route];
    if (route.kind === 'folder') {
      const below = routeTrail(route.children, pathname);
      if (below.length > 0) return [route, ...below];
    }
  }
  return [];
}

/**
 * Rewrites every `?` after the first in a query string into `&` (spec 000 §2), so
 * `?a=1?b=2` reads as `?a=1&b=2`.
 */
export function normaliseQueryString(search: string): string {
  const first = search.indexOf('?');
  if (first === -1) return search;
  return `${search.slice(0, first + 1)}${search.slice(first + 1).replaceAll('?', '&')}`;
}
