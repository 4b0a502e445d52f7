import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { DECLARED_ROUTES } from './declaredRoutes';
import { RequireAuth } from './RequireAuth';
import { SkipJumpGate } from './session/SkipJumpGate';
import { usePublicIp } from './session/usePublicIp';
import { useSessionWatch } from './session/useSessionWatch';
import { useVersionWatch } from './session/useVersionWatch';
import { ViewHost } from './ViewHost';

const LoginPage = lazy(() => import('../pages/login'));
// The signed-in frame (layouts, dialogs) loads after login, so the login page stays light.
const AppLayout = lazy(() => import('./layout/AppLayout').then((module) => ({ default: module.AppLayout })));

/** /redirect/:path*: re-enters a route (used to reload a view in place), keeping the query. */
function RedirectHelper() {
  const params = useParams();
  const [search] = useSearchParams();
  const target = `/${params['*'] ?? ''}`;
  const query = search.toString();
  return <Navigate to={`${target}${query ? `?${query}` : ''}`} replace />;
}

/**
 * The routes of spec 000 §2: public declared routes without a frame, the login page, and the
 * signed-in app (declared and menu-driven routes inside the layout, see AppLayout).
 */
export function AppRoutes() {
  useSessionWatch();
  useVersionWatch();
  usePublicIp();
  return (
    <SkipJumpGate>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Navigate to="/homeindex" replace />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/redirect/*" element={<RedirectHelper />} />
          {DECLARED_ROUTES.filter((route) => route.access === 'public').map((route) => (
            <Route key={route.path} path={route.path} element={<ViewHost view={route.view} />} />
          ))}
          <Route element={<RequireAuth />}>
            <Route path="*" element={<AppLayout />} />
          </Route>
        </Routes>
      </Suspense>
    </SkipJumpGate>
  );
}
