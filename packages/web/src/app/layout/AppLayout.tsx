import { useEffect, useMemo, useState } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { readShowGuide } from '../../api/account';
import { isJumpSession } from '../../api/session';
import { DECLARED_ROUTES, PRELOADED_VIEWS } from '../declaredRoutes';
import { pageRoutes } from '../menu/menuRoutes';
import { preloadViewsWhenIdle } from '../menu/views';
import { useNoticeCenter } from '../notices/useNoticeCenter';
import { useShell } from '../shell/ShellContext';
import { ViewHost } from '../ViewHost';
import { DesktopLayout } from './DesktopLayout';
import { KeepAlive } from './KeepAlive';
import { MobileLayout } from './MobileLayout';
import { ShellDialogHost } from './ShellDialogHost';
import type { ShellDialogName } from './shellDialogs';
import { useIsEmbedded, useIsFullscreen, useIsMobile } from './useLayoutMode';
import { useNavigationEffects } from './useNavigationEffects';

/** Session flag: the guide was offered in this browser session. */
export const GUIDE_SHOWN_KEY = 'guideShown';

const SIGNED_IN_DECLARED = DECLARED_ROUTES.filter((route) => route.access === 'login');
const NO_CACHE = new Set(SIGNED_IN_DECLARED.filter((route) => route.noCache).map((route) => route.path));
const PINNED = new Set(SIGNED_IN_DECLARED.filter((route) => route.pinned).map((route) => route.path));

/** The signed-in routes: the declared ones, then the menu's pages, then "no match → first page". */
function useSignedInRoutes(): RouteObject[] {
  const { routes, firstPage } = useShell();
  return useMemo(() => {
    const declared = SIGNED_IN_DECLARED.map((route) => ({
      path: route.path,
      element: <ViewHost view={route.view} />,
    }));
    const taken = new Set(declared.map((route) => route.path));
    const fromMenu = pageRoutes(routes)
      .filter((page) => page.routable && page.view !== null && !taken.has(page.path))
      .map((page) => ({ path: page.path, element: <ViewHost view={page.view ?? ''} /> }));
    const fallback = { path: '*', element: <Navigate to={firstPage ?? '/404'} replace /> };
    return [...declared, ...fromMenu, fallback];
  }, [routes, firstPage]);
}

/**
 * The signed-in app: desktop or mobile frame around the view cache. The frame is hidden when
 * the session came from a jump (isJump), the URL contains `embed`, or in full screen (spec 000 §2).
 */
export function AppLayout() {
  const { user } = useShell();
  const element = useRoutes(useSignedInRoutes());
  const mobile = useIsMobile();
  const embedded = useIsEmbedded();
  const fullscreen = useIsFullscreen();
  const checkNotices = useNoticeCenter();
  const [dialog, setDialog] = useState<ShellDialogName | null>(null);
  useNavigationEffects();

  // The assessment list and result pages: their chunks (ECharts among them) load while the user reads.
  useEffect(() => preloadViewsWhenIdle(PRELOADED_VIEWS), []);

  // The new-user guide opens once per browser session for external users who have not skipped it.
  useEffect(() => {
    if (!user.outUser || !readShowGuide(user.id)) return;
    try {
      if (sessionStorage.getItem(GUIDE_SHOWN_KEY) === '1') return;
      sessionStorage.setItem(GUIDE_SHOWN_KEY, '1');
    } catch {
      return;
    }
    setDialog('guide');
  }, [user.outUser, user.id]);

  const content = (
    <KeepAlive element={element} noCache={(path) => NO_CACHE.has(path)} pinned={(path) => PINNED.has(path)} />
  );
  const dialogs = <ShellDialogHost name={dialog} onClose={() => setDialog(null)} />;
  if (embedded || fullscreen || user.isJump || isJumpSession()) {
    return (
      <>
        {content}
        {dialogs}
      </>
    );
  }
  return mobile ? (
    <MobileLayout onOpenDialog={setDialog}>
      {content}
      {dialogs}
    </MobileLayout>
  ) : (
    <DesktopLayout onOpenDialog={setDialog} onCheckNotices={() => void checkNotices(true)}>
      {content}
      {dialogs}
    </DesktopLayout>
  );
}
