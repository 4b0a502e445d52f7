import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { BasicLayout } from './layout/BasicLayout';
import { RequireAuth } from './RequireAuth';

const LoginPage = lazy(() => import('../pages/login'));
const HomePage = lazy(() => import('../pages/home'));
const NotFoundPage = lazy(() => import('../pages/exception/404'));

/** The declared routes of spec 000 §2 built so far; menu-driven routes join later. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<Navigate to="/homeindex" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<BasicLayout />}>
            <Route path="/homeindex" element={<HomePage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
