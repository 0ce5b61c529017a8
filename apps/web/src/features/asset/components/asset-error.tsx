import { QueryError } from '@/components/ui/query-error';

/** A failed asset request: what could not be loaded, with Retry (never shown as 0 or "nothing here"). */
export function AssetError(props: {
  title: string;
  error: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <QueryError
      title={props.title}
      error={props.error}
      onRetry={props.onRetry}
      retrying={props.retrying}
      testId="asset-error"
      retryTestId="asset-error-retry"
    />
  );
}
