import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { saveProjectId } from '../../api/session';
import type { MenuRoute } from '../menu/menuRoutes';
import { routeTrail } from '../menu/menuRoutes';
import { useShell } from '../shell/ShellContext';
import { menuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

function toItems(routes: readonly MenuRoute[], zh: boolean): Item[] {
  return routes.flatMap<Item>((route) => {
    if (route.hidden) return [];
    const label = zh ? route.title.zh : route.title.en;
    if (route.kind === 'page') {
      return route.routable ? [{ key: route.path, icon: menuIcon(route.icon), label }] : [];
    }
    const children = toItems(route.children, zh);
    return children.length > 0 ? [{ key: route.key, icon: menuIcon(route.icon), label, children }] : [];
  });
}

/**
 * The sidebar (spec 000 §2): built from the permission menu; menuState 1 entries hidden; pages
 * are direct links, folders submenus; a click clears the stored projectId. Dark in the desktop
 * sider, light in the mobile menu drawer.
 */
export function SideMenu(props: {
  readonly collapsed: boolean;
  readonly theme?: 'dark' | 'light';
  readonly onNavigate?: () => void;
}) {
  const { routes } = useShell();
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const zh = i18n.language.startsWith('zh');
  const items = useMemo(() => toItems(routes, zh), [routes, zh]);
  const trailKeys = routeTrail(routes, pathname)
    .filter((route) => route.kind === 'folder')
    .map((route) => route.key);
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);
  const trailSignature = trailKeys.join('|');

  // Navigating (by link, breadcrumb or address) opens the folders above the new page.
  useEffect(() => {
    if (!trailSignature) return;
    const wanted = trailSignature.split('|');
    setOpenKeys((open) => [...new Set([...open, ...wanted])]);
  }, [trailSignature]);

  return (
    <Menu
      mode="inline"
      theme={props.theme ?? 'dark'}
      items={items}
      selectedKeys={[pathname]}
      openKeys={props.collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        saveProjectId(null);
        navigate(key);
        props.onNavigate?.();
      }}
      data-testid="side-menu"
    />
  );
}
