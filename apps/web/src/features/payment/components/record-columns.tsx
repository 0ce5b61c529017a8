import { Link } from 'react-router';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ColumnsType } from 'antd/es/table';
import { PaymentRecordStatus, PaymentRecordType } from '@keystead/contract/states';
import { AddressText } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import type { Language } from '@/lib/i18n';
import type { PaymentRecord } from '../api/list-payment-records';
import { RecordStatusTag, UnitAmount } from './payment-bits';

/** What a record tab lists: 1 deposits into, 2 refunds out of, 3 what the payment addresses paid. */
export type RecordKind = 'deposit' | 'refund' | 'consumption';
export const RECORD_TYPE: Record<RecordKind, number> = {
  deposit: PaymentRecordType.Deposit,
  refund: PaymentRecordType.Refund,
  consumption: PaymentRecordType.Fee,
};

/** A pending refund or sponsored execution of an EVM payment address can be sent again faster. */
export const maySpeedUp = (kind: RecordKind, row: PaymentRecord, evm: boolean) =>
  kind !== 'deposit' && evm && row.status === PaymentRecordStatus.Pending;

/** The columns of one kind of record; amounts in the chain's coin, "Pending" (not 0) while unknown. */
export function recordColumns(options: {
  kind: RecordKind;
  t: TFunction;
  language: Language;
  isEvm: (row: PaymentRecord) => boolean;
  onSpeedUp: (row: PaymentRecord) => void;
  /** The rows shown: a column nothing on the page needs (Speed up, Solana's other costs) is left out. */
  rows: PaymentRecord[];
}): ColumnsType<PaymentRecord> {
  const { kind, t, language, isEvm, rows } = options;
  const speedable = rows.some((row) => maySpeedUp(kind, row, isEvm(row)));
  const otherCosts = rows.some((row) => !isEvm(row));
  const amount = (value: string | null, row: PaymentRecord, testId: string) =>
    value !== null ? (
      <UnitAmount value={value} decimals={row.decimals} symbol={row.symbol} testId={testId} />
    ) : row.status === PaymentRecordStatus.Pending ? (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('payment.records.pending')}
      </Typography.Text>
    ) : (
      <span data-testid={testId}>{t('common:dash')}</span>
    );
  const address = (value: string | null, testId: string) =>
    value ? <AddressText address={value} testId={testId} /> : t('common:dash');

  const time = {
    title: t('payment.records.time'),
    dataIndex: 'created_at',
    // Date and time on two lines.
    width: 110,
    render: (value: string) => formatDateTime(value, language),
  };
  const status = {
    title: t('payment.records.status'),
    dataIndex: 'status',
    width: 95,
    render: (value: number) => <RecordStatusTag status={value} />,
  };
  const fee = {
    title: t('payment.records.fee'),
    dataIndex: 'fee',
    // 18 decimals of ETH: "0.000121490601641332 ETH" on one line.
    width: 190,
    align: 'right' as const,
    render: (value: string | null, row: PaymentRecord) => amount(value, row, 'payment-record-fee'),
  };
  /** What a deposit or refund moved (not the fee). */
  const moved = {
    title: t('payment.records.amount'),
    dataIndex: 'volume',
    width: 150,
    align: 'right' as const,
    render: (value: string | null, row: PaymentRecord) => amount(value, row, 'payment-record-volume'),
  };
  const hash = {
    title: t('payment.records.hash'),
    dataIndex: 'hash',
    width: 140,
    render: (value: string) => <AddressText address={value} testId="payment-record-hash" />,
  };
  const volume = {
    title: (
      <Tooltip title={t('payment.records.volumeHint')}>
        <span>
          {t('payment.records.volume')} <InfoCircleOutlined />
        </span>
      </Tooltip>
    ),
    dataIndex: 'volume',
    width: 130,
    align: 'right' as const,
    render: (value: string | null, row: PaymentRecord) => amount(value, row, 'payment-record-volume'),
  };
  const action = {
    title: <span className="ks-visually-hidden">{t('payment.records.actions')}</span>,
    key: 'action',
    width: 110,
    render: (_: unknown, row: PaymentRecord) =>
      maySpeedUp(kind, row, isEvm(row)) ? (
        <Button
          size="small"
          icon={<ThunderboltOutlined />}
          onClick={() => options.onSpeedUp(row)}
          data-testid="payment-record-speed-up"
        >
          {t('payment.speedUp.open')}
        </Button>
      ) : null,
  };

  if (kind === 'deposit')
    return [
      time,
      {
        title: t('payment.records.from'),
        dataIndex: 'sender',
        render: (value: string) => address(value, 'payment-record-sender'),
      },
      {
        title: t('payment.records.to'),
        dataIndex: 'receiver',
        render: (value: string | null) => address(value, 'payment-record-receiver'),
      },
      status,
      moved,
      hash,
    ];

  if (kind === 'refund')
    return [
      time,
      {
        title: t('payment.records.refundTo'),
        dataIndex: 'receiver',
        render: (value: string | null) => address(value, 'payment-record-receiver'),
      },
      status,
      moved,
      fee,
      hash,
      ...(speedable ? [action] : []),
    ];

  return [
    time,
    {
      title: t('payment.records.purpose'),
      dataIndex: 'purpose',
      width: 125,
      render: (purpose: string) => (
        <Tag bordered={false} style={{ marginInlineEnd: 0 }} data-testid="payment-record-purpose">
          {t(`payment.records.purposes.${purpose}`, { defaultValue: purpose.replace(/_/g, ' ') })}
        </Tag>
      ),
    },
    {
      title: t('payment.records.for'),
      key: 'for',
      render: (_: unknown, row) => (
        <Flex vertical gap={2} style={{ maxWidth: 200, whiteSpace: 'nowrap' }}>
          {row.wallet_id !== null ? (
            <Link
              to={`/wallet/detail/${row.wallet_id}`}
              title={row.wallet_name ?? undefined}
              style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
              data-testid="payment-record-wallet"
            >
              {row.wallet_name ?? `#${row.wallet_id}`}
            </Link>
          ) : null}
          {row.task_id !== null ? (
            <Link to={`/task/${row.task_id}`} data-testid="payment-record-task">
              {t('payment.records.transferLink', { id: row.task_id })}
            </Link>
          ) : null}
          {row.wallet_id === null && row.task_id === null ? t('common:dash') : null}
        </Flex>
      ),
    },
    status,
    fee,
    ...(otherCosts ? [volume] : []),
    hash,
    ...(speedable ? [action] : []),
  ];
}
