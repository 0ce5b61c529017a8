import { useState } from 'react';
import { Empty, Grid, Segmented, Table, Tag, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { AddressText } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExportExchangeTransfers } from '../api/export-exchange-transfers';
import {
  useExchangeTransfers,
  type ExchangeTransfer,
  type ExchangeTransferType,
} from '../api/list-exchange-transfers';
import { ExportButton, TabToolbar } from './choice-bar';
import { formatCoin } from './coin-amount';
import { ExchangeTransferList } from './exchange-transfer-list';

const PAGE_SIZE = 10;
type Filter = 'all' | ExchangeTransferType;

/** "Deposit/withdraw": the exchange's deposit and withdrawal history, by type, a page at a time, with export. */
export function ExchangeTransfersTab({ walletId }: { walletId: number }) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const screens = Grid.useBreakpoint();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const type = filter === 'all' ? undefined : filter;
  const transfers = useExchangeTransfers({ wallet_id: walletId, type, page, page_size: PAGE_SIZE });
  const exporter = useExportExchangeTransfers(walletId);
  const total = transfers.data?.total ?? 0;
  const loading = transfers.isPending || (transfers.isFetching && transfers.isPlaceholderData);
  const pagination = { current: page, pageSize: PAGE_SIZE, total, onChange: setPage };

  return (
    <div data-testid="exchange-transfers">
      <TabToolbar
        choices={
          <Segmented<Filter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={(['all', 'deposit', 'withdrawal'] as const).map((value) => ({
              value,
              label: t(`transfers.filter.${value}`),
            }))}
            data-testid="exchange-transfers-type"
          />
        }
      >
        <ExportButton
          label={t('transfers.export')}
          exporting={exporter.isPending}
          disabled={total === 0}
          onExport={() => exporter.mutateAsync(type)}
          testId="exchange-transfers-export"
        />
      </TabToolbar>
      {transfers.isError && !transfers.isPlaceholderData ? (
        <QueryError
          title={t('transfers.loadError')}
          error={transfers.error}
          onRetry={() => transfers.refetch()}
          retrying={transfers.isFetching}
          testId="exchange-transfers-error"
        />
      ) : transfers.data && total === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(`transfers.empty.${filter}`)}
          data-testid="exchange-transfers-empty"
        />
      ) : !screens.md ? (
        <ExchangeTransferList rows={transfers.data?.list ?? []} loading={loading} pagination={pagination} />
      ) : (
        <Table<ExchangeTransfer>
          rowKey={(row) => `${row.type}:${row.id}`}
          size="middle"
          loading={loading}
          dataSource={transfers.data?.list ?? []}
          scroll={{ x: 900 }}
          data-testid="exchange-transfers-table"
          onRow={(row) => ({ 'data-testid': `exchange-transfer-${row.type}` }) as never}
          pagination={{
            ...pagination,
            showSizeChanger: false,
            showTotal: () => t('transfers.total', { count: total }),
          }}
          columns={[
            {
              title: t('transfers.time'),
              dataIndex: 'time',
              width: 160,
              render: (time: string | null) => (
                <span style={{ whiteSpace: 'nowrap' }}>{time ? formatDateTime(time, language) : '—'}</span>
              ),
            },
            {
              title: t('transfers.type'),
              dataIndex: 'type',
              width: 100,
              render: (value: ExchangeTransferType) => (
                <Tag color={value === 'deposit' ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }}>
                  {t(`transfers.filter.${value}`)}
                </Tag>
              ),
            },
            {
              title: t('transfers.amount'),
              key: 'amount',
              width: 140,
              align: 'right',
              render: (_: unknown, row) => (
                <Typography.Text
                  strong
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid="exchange-transfer-amount"
                >
                  {formatCoin(row.amount)} {row.symbol}
                </Typography.Text>
              ),
            },
            {
              title: t('transfers.fee'),
              dataIndex: 'fee',
              width: 80,
              align: 'right',
              render: (fee: string | null) => formatCoin(fee),
            },
            {
              title: t('transfers.status'),
              dataIndex: 'status',
              width: 100,
              render: (status: string) => (
                <span data-testid="exchange-transfer-status">
                  {t(`transfers.statuses.${status}`, { defaultValue: status })}
                </span>
              ),
            },
            {
              title: t('transfers.network'),
              dataIndex: 'network',
              width: 90,
              render: (network: string | null) => network ?? '—',
            },
            {
              // The exchange's address (deposit: the account's own; withdrawal: where it went) over the transaction.
              title: t('transfers.addressTx'),
              key: 'address',
              render: (_: unknown, row) => (
                <div style={{ lineHeight: 1.4 }}>
                  <div>
                    <AddressText address={row.address} />
                  </div>
                  {row.tx_id ? (
                    <div style={{ fontSize: 12 }}>
                      <AddressText address={row.tx_id} />
                    </div>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
