import type { CSSProperties } from 'react';
import { Result, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PaymentAddressStatus, PaymentRecordStatus } from '@keystead/contract/states';
import { isApiError } from '@/lib/api-client';
import { MONO } from '@/features/wallet';
import { formatSmallestUnit } from './amount';

/** The server's answer to a member who is neither the creator nor an admin of the space. */
export const isPermissionDenied = (error: unknown) => isApiError(error, 'PERMISSION_VIEW_ERROR');

/** An amount given in the chain's smallest unit, shown in its whole unit: "2 SOL", "0.000005 SOL". */
export function UnitAmount(props: {
  value: string;
  decimals: number;
  symbol: string;
  testId?: string;
  style?: CSSProperties;
}) {
  const shown = formatSmallestUnit(props.value, props.decimals);
  return (
    <span
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', ...props.style }}
      data-testid={props.testId}
    >
      {shown === null ? props.value : `${shown} ${props.symbol}`}
    </span>
  );
}

/** A full address or hash, monospace and copyable, broken anywhere so it fits a narrow column. */
export function FullAddress({ value, testId }: { value: string; testId?: string }) {
  return (
    <Typography.Text
      copyable={{ text: value }}
      style={{ ...MONO, wordBreak: 'break-all' }}
      data-testid={testId}
    >
      {value}
    </Typography.Text>
  );
}

const ADDRESS_STATUS_COLOR: Record<number, string> = {
  [PaymentAddressStatus.Active]: 'success',
  [PaymentAddressStatus.Inactive]: 'default',
};

export function AddressStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('pages');
  return (
    <Tag
      color={ADDRESS_STATUS_COLOR[status] ?? 'default'}
      style={{ marginInlineEnd: 0 }}
      data-testid="payment-address-status"
    >
      {t(`payment.addresses.statuses.${status}`, {
        defaultValue: t('payment.addresses.statuses.other', { status }),
      })}
    </Tag>
  );
}

const RECORD_STATUS_COLOR: Record<number, string> = {
  [PaymentRecordStatus.Success]: 'success',
  [PaymentRecordStatus.Failed]: 'error',
  [PaymentRecordStatus.Pending]: 'processing',
};

export function RecordStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('pages');
  return (
    <Tag
      color={RECORD_STATUS_COLOR[status] ?? 'default'}
      style={{ marginInlineEnd: 0 }}
      data-testid="payment-record-status"
    >
      {t(`payment.records.statuses.${status}`, {
        defaultValue: t('payment.records.statuses.other', { status }),
      })}
    </Tag>
  );
}

/** What a member who may not see payments is shown instead (the same rule as the audit log). */
export function NoPaymentPermission() {
  const { t } = useTranslation('pages');
  return (
    <div data-testid="payment-no-permission">
      <Result
        icon={<LockOutlined />}
        title={t('payment.noPermission.title')}
        subTitle={t('payment.noPermission.hint')}
      />
    </div>
  );
}

/** What a refused action says: the server's own (translated) message, or `fallback` when no reply came. */
export const errorText = (error: unknown, fallback: string) =>
  isApiError(error) && !error.isNetwork ? error.message : fallback;
