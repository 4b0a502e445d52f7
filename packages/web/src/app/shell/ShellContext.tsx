import type { MenuEntry, UserInfo } from '@pvplan/contract';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { firstPagePath, type MenuRoute, menuPermissions, menuToRoutes } from '../menu/menuRoutes';
import { isKnownView } from '../menu/views';

/** What every signed-in screen knows: the user, the menu as routes and the button permissions. */
export interface Shell {
  readonly user: UserInfo;
  readonly menu: readonly MenuEntry[];
  readonly routes: readonly MenuRoute[];
  /** Button permissions: the user's (from getInfo) and the menu's F entries. */
  readonly permissions: readonly string[];
  /** The first page-type route of the menu: where an unmatched path goes. */
  readonly firstPage: string | null;
}

const ShellContext = createContext<Shell | null>(null);

export function ShellProvider(props: {
  readonly user: UserInfo;
  readonly menu: readonly MenuEntry[];
  readonly children: ReactNode;
}) {
  const { user, menu, children } = props;
  const value = useMemo<Shell>(() => {
    const routes = menuToRoutes(menu, { isKnownView });
    const permissions = [...new Set([...user.permissions, ...menuPermissions(menu)])];
    return { user, menu, routes, permissions, firstPage: firstPagePath(routes) };
  }, [user, menu]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

/** The shell of the signed-in app; only inside RequireAuth. */
export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell() used outside the signed-in app');
  return shell;
}

/** The shell when signed in, null on public pages. */
export function useOptionalShell(): Shell | null {
  return useContext(ShellContext);
}
