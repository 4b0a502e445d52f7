import { Button, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMissingEndpoint } from '../../api/membership';

/**
 * What a dialog's list shows when its call failed: an honest "not available yet" when the server
 * has no such endpoint (404), otherwise the error with a retry button.
 */
export function ListFailure(props: {
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  if (isMissingEndpoint(props.error)) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('dialogs.common.unavailable')}
        data-testid={`${props.testId}-unavailable`}
      />
    );
  }
  const message = props.error instanceof Error ? props.error.message : t('dialogs.common.loadFailed');
  return (
    <Result
      status="warning"
      title={t('dialogs.common.loadFailed')}
      subTitle={message}
      extra={
        <Button onClick={props.onRetry} data-testid={`${props.testId}-retry`}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
