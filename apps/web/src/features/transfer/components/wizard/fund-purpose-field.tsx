import { Form, Typography } from 'antd';
import type { Label } from '@keystead/contract/api/labels';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useLabelTransfer } from '../../api/label-transfer';
import { FundPurposeSelect } from '../fund-purpose-select';

/**
 * The wizard's fund purpose (§3 transfer tag): what the wallet's transfers may carry, recently used
 * first. Required (asterisk, and the step refuses to go on) when the wallet's asset-tag switch is on.
 */
export function useFundPurposeRule(walletId: number, value: Label | null) {
  const { t } = useLazyTranslation('transfer');
  const purposes = useLabelTransfer(walletId);
  const required = purposes.data?.required ?? false;
  return { purposes, required, error: required && !value ? t('fundPurpose.required') : null };
}

export function FundPurposeField(props: {
  rule: ReturnType<typeof useFundPurposeRule>;
  value: Label | null;
  /** The error to show now (once the user tried to go on). */
  error: string | null;
  onChange: (label: Label | null) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const { purposes, required } = props.rule;
  return (
    <Form.Item
      label={
        <span>
          {t('fields.fundPurpose')}
          {!required && purposes.data ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontWeight: 'normal' }}>
              ({t('fundPurpose.optional')})
            </Typography.Text>
          ) : null}
        </span>
      }
      required={required}
      validateStatus={props.error ? 'error' : undefined}
      help={props.error}
      data-testid="fund-purpose-field"
    >
      {purposes.isError ? (
        <QueryError
          title={t('fundPurpose.loadError')}
          error={purposes.error}
          onRetry={() => purposes.refetch()}
          retrying={purposes.isFetching}
          testId="fund-purpose-error"
        />
      ) : (
        <FundPurposeSelect
          id="transfer-fund-purpose"
          tree={purposes.data?.tree ?? []}
          recent={purposes.data?.recent}
          value={props.value?.id ?? null}
          onChange={props.onChange}
          allowClear={!required}
          loading={purposes.isPending}
          placeholder={t('fundPurpose.placeholder')}
          status={props.error ? 'error' : undefined}
        />
      )}
    </Form.Item>
  );
}
