import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/PageLoading';
import { viewComponent } from './menu/views';

class ViewErrorBoundary extends Component<
  { readonly fallback: ReactNode; readonly children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('[view] render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ViewFailed() {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={t('pages.exception.500.title')}
      subTitle={t('pages.exception.500.subTitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}

/** A lazily loaded view with its loading state and an error boundary. */
export function ViewHost(props: { readonly view: string }) {
  const View = viewComponent(props.view);
  return (
    <ViewErrorBoundary fallback={<ViewFailed />}>
      <Suspense fallback={<PageLoading />}>
        <View />
      </Suspense>
    </ViewErrorBoundary>
  );
}
