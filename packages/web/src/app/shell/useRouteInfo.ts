import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { DECLARED_ROUTES } from '../declaredRoutes';
import { type MenuRoute, pageRoutes, type RouteTitle, routeTrail } from '../menu/menuRoutes';
import { useOptionalShell } from './ShellContext';

export interface TrailItem {
  readonly path: string;
  readonly title: string;
  /** Page-type ancestors are links; folders are not. */
  readonly clickable: boolean;
}

function titleIn(language: string, title: RouteTitle): string {
  return language.startsWith('zh') ? title.zh : title.en;
}

/**
 * The breadcrumb trail of a path: the menu's folders and page, plus any page whose path is a
 * prefix of this one (a list above its detail page); declared routes use their own title.
 */
export function buildTrail(
  routes: readonly MenuRoute[],
  pathname: string,
  language: string,
  declaredTitle: (pathname: string) => string | null,
): TrailItem[] {
  const trail = routeTrail(routes, pathname);
  const ancestors = pageRoutes(routes).filter(
    (page) => page.routable && page.path !== pathname && pathname.startsWith(`${page.path}/`),
  );
  const items: TrailItem[] = [
    ...trail
      .slice(0, -1)
      .map((route) => ({ path: route.path, title: titleIn(language, route.title), clickable: false })),
    ...ancestors.map((page) => ({ path: page.path, title: titleIn(language, page.title), clickable: true })),
  ];
  const last = trail.at(-1);
  const own = last ? titleIn(language, last.title) : declaredTitle(pathname);
  if (own) items.push({ path: pathname, title: own, clickable: false });
  return items;
}

/** The current route's breadcrumb trail, title and whether it is a hidden (detail) page. */
export function useRouteInfo(): { trail: TrailItem[]; title: string; hiddenPage: boolean } {
  const shell = useOptionalShell();
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const declaredTitle = (path: string) => {
    const declared = DECLARED_ROUTES.find((route) => route.path === path);
    return declared ? t(declared.titleKey) : null;
  };
  const routes = shell?.routes ?? [];
  const trail = buildTrail(routes, pathname, i18n.language, declaredTitle);
  const page = pageRoutes(routes).find((route) => route.path === pathname);
  return { trail, title: trail.at(-1)?.title ?? t('app.name'), hiddenPage: page?.hidden ?? false };
}
