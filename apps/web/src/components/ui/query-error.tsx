import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';

/**
 * A request that failed, said as such: never shown as zero or an empty list. The message names
 * what could not be loaded; Retry asks again.
 */
export function QueryError(props: {
  /** What could not be loaded, e.g. "The transfers could not be loaded." */
  title?: string;
  error?: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
  testId?: string;
  /** The Retry button's test id (default query-retry). */
  retryTestId?: string;
}) {
  const { t } = useTranslation();
  // A server's own (translated) message says more than the hint; a network failure does not.
  const detail = isApiError(props.error) && !props.error.isNetwork ? props.error.message : null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid={props.testId ?? 'query-error'}
      message={props.title ?? t('common:loadError.title')}
      description={detail ?? t('common:loadError.hint')}
      action={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={props.retrying}
          onClick={() => void props.onRetry()}
          data-testid={props.retryTestId ?? 'query-retry'}
        >
          {t('common:loadError.retry')}
        </Button>
      }
    />
  );
}
