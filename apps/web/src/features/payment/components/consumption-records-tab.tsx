import { useState } from 'react';
import { Link } from 'react-router';
import { Descriptions, Empty, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PaymentRecordStatus, PaymentRecordType } from '@keystead/contract/states';
import { QueryError } from '@/components/ui/query-error';
import { AddressText } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { usePaymentAddresses } from '../api/list-payment-addresses';
import { usePaymentRecords, type PaymentRecord } from '../api/list-payment-records';
import {
  FullAddress,
  NoPaymentPermission,
  RecordStatusTag,
  UnitAmount,
  isPermissionDenied,
} from './payment-bits';

const PAGE_SIZE = 10;

/**
 * What the space's payment addresses paid (type 3, consumption): each fee of a Solana wallet's
 * creation, approval or execution, with the wallet and transfer it was for. A pending record's
 * fee is not known yet and says "Pending", not 0.
 */
export function ConsumptionRecordsTab({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation('pages');
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const [chain, setChain] = useState<string | undefined>(undefined);
  const records = usePaymentRecords(spaceId, {
    type: PaymentRecordType.Fee,
    page,
    page_size: PAGE_SIZE,
    ...(chain ? { chain } : {}),
  });
  // The chains a filter can offer: those of the space's payment addresses (offered from two on).
  const addresses = usePaymentAddresses(spaceId);
  const chains = [
    ...new Map((addresses.data?.list ?? []).map((row) => [row.chain, row.chain_name])).entries(),
  ];

  if (records.isError && isPermissionDenied(records.error)) return <NoPaymentPermission />;

  const cost = (value: string | null, row: PaymentRecord, testId: string) =>
    value !== null ? (
      <UnitAmount value={value} decimals={row.decimals} symbol={row.symbol} testId={testId} />
    ) : row.status === PaymentRecordStatus.Pending ? (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('payment.records.pending')}
      </Typography.Text>
    ) : (
      <span data-testid={testId}>{t('common:dash')}</span>
    );

  const total = records.data?.total ?? 0;
  return (
    <>
      {chains.length > 1 ? (
        <Select
          allowClear
          value={chain}
          placeholder={t('payment.records.allChains')}
          style={{ minWidth: 200, marginBottom: 12 }}
          options={chains.map(([value, label]) => ({ value, label }))}
          onChange={(value?: string) => {
            setChain(value);
            setPage(1);
          }}
          data-testid="payment-records-chain"
        />
      ) : null}
      {records.isError ? (
        <QueryError
          title={t('payment.records.loadError')}
          error={records.error}
          onRetry={() => records.refetch()}
          retrying={records.isFetching}
          testId="payment-records-error"
        />
      ) : records.data && records.data.total === 0 ? (
        <div data-testid="payment-records-empty">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span>
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>
                  {t('payment.records.empty')}
                </strong>
                <span>{t('payment.records.emptyHint')}</span>
              </span>
            }
          />
        </div>
      ) : (
        <Table<PaymentRecord>
          rowKey="id"
          size="middle"
          // Not on the 5-second re-read of a pending record: only while a page is being fetched.
          loading={records.isPending || (records.isFetching && records.isPlaceholderData)}
          dataSource={records.data?.list ?? []}
          // Fits 1280 px (the wallet / transfer column takes what is left); a phone scrolls sideways.
          scroll={{ x: 900 }}
          tableLayout="fixed"
          data-testid="payment-records-table"
          onRow={() => ({ 'data-testid': 'payment-record-row' }) as never}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            showSizeChanger: false,
            showTotal: () => t('payment.records.total', { total: total.toLocaleString('en-US') }),
            onChange: setPage,
          }}
          expandable={{
            // The full hash and addresses, the chain and when it settled: one click away.
            expandedRowRender: (row) => (
              <Descriptions
                size="small"
                column={1}
                data-testid="payment-record-details"
                items={[
                  {
                    key: 'hash',
                    label: t('payment.records.hash'),
                    children: <FullAddress value={row.hash} />,
                  },
                  { key: 'chain', label: t('payment.records.chain'), children: row.chain_name },
                  {
                    key: 'sender',
                    label: t('payment.records.sender'),
                    children: <FullAddress value={row.sender} />,
                  },
                  {
                    key: 'receiver',
                    label: t('payment.records.receiver'),
                    children: row.receiver ? <FullAddress value={row.receiver} /> : t('common:dash'),
                  },
                  {
                    key: 'settled',
                    label: t('payment.records.settled'),
                    children: row.settled_at
                      ? formatDateTime(row.settled_at, language)
                      : t('payment.records.notSettled'),
                  },
                ]}
              />
            ),
            columnTitle: <span className="ks-visually-hidden">{t('payment.records.details')}</span>,
            columnWidth: 40,
            // Fixed, so that on a narrow screen the opened details stay in view (not as wide as the table).
            fixed: 'left',
          }}
          columns={[
            {
              title: t('payment.records.time'),
              dataIndex: 'created_at',
              // Date and time on two lines.
              width: 110,
              render: (value: string) => formatDateTime(value, language),
            },
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
            {
              title: t('payment.records.status'),
              dataIndex: 'status',
              width: 95,
              render: (status: number) => <RecordStatusTag status={status} />,
            },
            {
              title: t('payment.records.fee'),
              dataIndex: 'fee',
              width: 125,
              align: 'right',
              render: (fee: string | null, row) => cost(fee, row, 'payment-record-fee'),
            },
            {
              title: (
                <Tooltip title={t('payment.records.volumeHint')}>
                  <span>
                    {t('payment.records.volume')} <InfoCircleOutlined />
                  </span>
                </Tooltip>
              ),
              dataIndex: 'volume',
              width: 130,
              align: 'right',
              render: (volume: string | null, row) => cost(volume, row, 'payment-record-volume'),
            },
            {
              title: t('payment.records.hash'),
              dataIndex: 'hash',
              width: 140,
              render: (hash: string) => <AddressText address={hash} testId="payment-record-hash" />,
            },
          ]}
        />
      )}
    </>
  );
}
