import type { MenuEntry } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  firstPagePath,
  joinRoutePath,
  menuPermissions,
  menuToRoutes,
  normaliseQueryString,
  pageRoutes,
  routeTrail,
} from './menuRoutes';

let nextId = 1;
function entry(fields: Partial<MenuEntry> & Pick<MenuEntry, 'menuType'>): MenuEntry {
  return {
    menuId: nextId++,
    parentId: null,
    textCh: '菜单',
    textEn: 'Menu',
    menuIcon: null,
    menuLevel: 1,
    menuState: 0,
    routeUrl: null,
    url: null,
    buttonFlag: null,
    menuOrder: 0,
    children: [],
    ...fields,
  };
}

const KNOWN = new Set(['home/index', 'a/list/index', 'a/detail/index', 'a/nested/page']);
const options = { isKnownView: (view: string) => KNOWN.has(view) };

describe('menuToRoutes (spec 000 §2 menu-driven routes)', () => {
  const menu: MenuEntry[] = [
    entry({
      menuType: 'M',
      textCh: '区域',
      routeUrl: '/a',
      menuOrder: 2,
      children: [
        entry({
          menuType: 'C',
          routeUrl: 'detail',
          url: 'a/detail/index',
          buttonFlag: 'aDetail',
          menuOrder: 3,
        }),
        entry({
          menuType: 'C',
          routeUrl: 'list',
          url: 'a/list/index',
          buttonFlag: 'aList',
          menuOrder: 1,
          children: [
            entry({ menuType: 'F', buttonFlag: 'a-list-add' }),
            entry({
              menuType: 'C',
              routeUrl: 'child',
              url: 'a/missing/index',
              buttonFlag: 'aChild',
              menuOrder: 1,
            }),
          ],
        }),
        entry({
          menuType: 'M',
          routeUrl: 'nested',
          menuOrder: 2,
          children: [entry({ menuType: 'C', routeUrl: 'page', url: 'a/nested/page', buttonFlag: 'aNested' })],
        }),
        entry({ menuType: 'C', routeUrl: 'secret', url: 'a/list/index', menuState: 1, menuOrder: 4 }),
      ],
    }),
    entry({
      menuType: 'C',
      routeUrl: '/homeindex',
      url: 'home/index',
      buttonFlag: 'homeindex',
      menuOrder: 1,
    }),
  ];
  const routes = menuToRoutes(menu, options);

  it('sorts by menuOrder at every level', () => {
    expect(routes.map((route) => route.path)).toEqual(['/homeindex', '/a']);
    const folder = routes[1];
    expect(folder?.children.map((route) => route.path)).toEqual([
      '/a/list',
      '/a/child',
      '/a/nested',
      '/a/detail',
      '/a/secret',
    ]);
  });

  it('takes the view from url, the name from buttonFlag and the path from routeUrl', () => {
    const detail = pageRoutes(routes).find((route) => route.name === 'aDetail');
    expect(detail).toMatchObject({ kind: 'page', view: 'a/detail/index', path: '/a/detail', routable: true });
  });

  it('uses the main layout for level-1 folders and a pass-through deeper', () => {
    const folder = routes[1];
    expect(folder?.layout).toBe('main');
    expect(folder?.children.find((route) => route.path === '/a/nested')?.layout).toBe('passThrough');
    expect(pageRoutes(routes).find((route) => route.name === 'aNested')?.path).toBe('/a/nested/page');
  });

  it('splits a page with children so the page is a leaf and drops F entries', () => {
    const list = pageRoutes(routes).find((route) => route.name === 'aList');
    expect(list?.children).toEqual([]);
    expect(pageRoutes(routes).map((route) => route.name)).toContain('aChild');
  });

  it('marks an unknown view file and menuState 1 hidden', () => {
    const child = pageRoutes(routes).find((route) => route.name === 'aChild');
    expect(child).toMatchObject({ hidden: true, routable: false });
    const secret = pageRoutes(routes).find((route) => route.path === '/a/secret');
    expect(secret).toMatchObject({ hidden: true, routable: true });
  });

  it('sends an unmatched path to the first page-type route', () => {
    expect(firstPagePath(routes)).toBe('/homeindex');
    expect(firstPagePath(menuToRoutes([menu[0] as MenuEntry], options))).toBe('/a/list');
    expect(firstPagePath([])).toBeNull();
  });

  it('collects button permissions from F entries', () => {
    expect(menuPermissions(menu)).toEqual(['a-list-add']);
  });

  it('finds the breadcrumb trail of a path', () => {
    expect(routeTrail(routes, '/a/nested/page').map((route) => route.path)).toEqual([
      '/a',
      '/a/nested',
      '/a/nested/page',
    ]);
    expect(routeTrail(routes, '/nowhere')).toEqual([]);
  });
});

describe('path and query helpers', () => {
  it('joins relative route urls to the parent and keeps absolute ones', () => {
    expect(joinRoutePath('/a', 'b')).toBe('/a/b');
    expect(joinRoutePath('/a', '/x/y')).toBe('/x/y');
    expect(joinRoutePath('', 'top')).toBe('/top');
    expect(joinRoutePath('/a/', '/b//c/')).toBe('/b/c');
  });

  it('rewrites an extra question mark in the query into an ampersand', () => {
    expect(normaliseQueryString('?a=1?b=2?c=3')).toBe('?a=1&b=2&c=3');
    expect(normaliseQueryString('?a=1&b=2')).toBe('?a=1&b=2');
    expect(normaliseQueryString('')).toBe('');
  });
});
