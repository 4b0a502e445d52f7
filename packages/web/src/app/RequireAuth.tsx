import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { ShellProvider } from './shell/ShellContext';
import { useCurrentUser, useToken } from './useCurrentUser';
import { useMenu } from './useMenu';

/** Where the login page returns to after a forced login. */
export interface LoginRedirectState {
  readonly from?: string;
}

/**
 * Route guard (spec 000 §4): no token -> /login; a token without a loaded user loads the user
 * and the menu first, then renders the requested route.
 */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  const user = useCurrentUser();
  const menu = useMenu();
  const { t } = useTranslation();

  if (!token) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (user.isPending || menu.isPending) return <PageLoading />;
  if (user.isError || menu.isError) {
    return (
      <Result
        status="warning"
        title={t('app.userLoadFailed')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              void user.refetch();
              void menu.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <ShellProvider user={user.data} menu={menu.data}>
      <Outlet />
    </ShellProvider>
  );
}
