import { useState } from 'react';
import { Empty, Grid, List, Segmented, Table, Tag, Typography } from 'antd';
import { ESCROW_DECISIONS } from '@keystead/contract/api/escrow';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import {
  useEscrowLog,
  useExportEscrowLog,
  type EscrowDecision,
  type EscrowLogItem,
} from '../../api/escrow-log';
import { ExportButton, TabToolbar } from '../choice-bar';
import { formatCoin } from '../coin-amount';
import { EscrowReason } from './escrow-reason';

const PAGE_SIZE = 10;
const DECISION_COLOR: Record<EscrowDecision, string> = {
  accepted: 'success',
  refused: 'error',
  failed: 'warning',
  pending: 'processing',
};
type Filter = 'all' | EscrowDecision;

/**
 * "Escrow log": each decision on a bot's order (time, IP, pair, side, amount, accepted / refused
 * / failed, the rule that refused it), filtered by decision, a page at a time, with export.
 */
export function EscrowLogTab({ walletId }: { walletId: number }) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const screens = Grid.useBreakpoint();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const decision = filter === 'all' ? undefined : filter;
  const log = useEscrowLog({ wallet_id: walletId, decision, page, page_size: PAGE_SIZE });
  const exporter = useExportEscrowLog(walletId);
  const total = log.data?.total ?? 0;
  const rows = log.data?.list ?? [];
  const loading = log.isPending || (log.isFetching && log.isPlaceholderData);
  const pagination = { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false };
  const decisionTag = (value: EscrowDecision) => (
    <Tag
      color={DECISION_COLOR[value]}
      style={{ marginInlineEnd: 0 }}
      data-testid="escrow-log-decision"
      data-decision={value}
    >
      {t(`escrow.log.decision.${value}`)}
    </Tag>
  );
  const order = (row: EscrowLogItem) =>
    row.symbol ? (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Typography.Text strong>{row.symbol}</Typography.Text>{' '}
        {row.side ? t(`escrow.log.side.${row.side}`, { defaultValue: row.side }) : ''}{' '}
        {row.order_type ? t(`escrow.log.type.${row.order_type}`, { defaultValue: row.order_type }) : ''}
      </span>
    ) : (
      '—'
    );
  const amount = (row: EscrowLogItem) =>
    row.amount ? `${formatCoin(row.amount)}${row.price ? ` @ ${formatCoin(row.price)}` : ''}` : '—';
  const time = (row: EscrowLogItem) => formatDateTime(row.time, language);

  return (
    <div data-testid="escrow-log">
      <TabToolbar
        choices={
          <Segmented<Filter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={(['all', ...ESCROW_DECISIONS] as Filter[]).map((value) => ({
              value,
              label: value === 'all' ? t('transfers.filter.all') : t(`escrow.log.decision.${value}`),
            }))}
            data-testid="escrow-log-filter"
          />
        }
      >
        <ExportButton
          label={t('escrow.log.export')}
          exporting={exporter.isPending}
          disabled={total === 0}
          onExport={() => exporter.mutateAsync(decision)}
          testId="escrow-log-export"
        />
      </TabToolbar>
      {log.isError && !log.isPlaceholderData ? (
        <QueryError
          title={t('escrow.log.loadError')}
          error={log.error}
          onRetry={() => log.refetch()}
          retrying={log.isFetching}
          testId="escrow-log-error"
        />
      ) : log.data && total === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('escrow.log.empty')}
          data-testid="escrow-log-empty"
        />
      ) : !screens.md ? (
        <List
          loading={loading}
          dataSource={rows}
          rowKey="id"
          pagination={{ ...pagination, size: 'small', align: 'center' }}
          renderItem={(row) => (
            <List.Item style={{ display: 'block' }} data-testid="escrow-log-row">
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
                {order(row)}
                {decisionTag(row.decision)}
              </div>
              <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)', marginTop: 4 }}>
                {time(row)} · {row.ip ?? '—'} · {amount(row)}
              </div>
              {row.decision !== 'accepted' ? (
                <div style={{ marginTop: 4, overflowWrap: 'anywhere' }}>
                  <EscrowReason row={row} />
                </div>
              ) : null}
            </List.Item>
          )}
        />
      ) : (
        <Table<EscrowLogItem>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={rows}
          scroll={{ x: 900 }}
          onRow={() => ({ 'data-testid': 'escrow-log-row' }) as never}
          pagination={{ ...pagination, showTotal: () => t('transfers.total', { count: total }) }}
          columns={[
            {
              title: t('transfers.time'),
              key: 'time',
              width: 165,
              render: (_: unknown, row) => <span style={{ whiteSpace: 'nowrap' }}>{time(row)}</span>,
            },
            {
              title: t('escrow.log.ip'),
              dataIndex: 'ip',
              width: 115,
              render: (ip: string | null) => ip ?? '—',
            },
            {
              title: t('escrow.log.order'),
              key: 'order',
              width: 150,
              render: (_: unknown, row) => order(row),
            },
            {
              title: t('escrow.log.amount'),
              key: 'amount',
              width: 120,
              align: 'right',
              render: (_: unknown, row) => amount(row),
            },
            {
              title: t('escrow.log.value'),
              dataIndex: 'notional_usdt',
              width: 85,
              align: 'right',
              render: (value: string | null) => formatCoin(value),
            },
            { title: t('escrow.log.decisionTitle'), dataIndex: 'decision', width: 90, render: decisionTag },
            {
              title: t('escrow.log.outcome'),
              key: 'reason',
              render: (_: unknown, row) =>
                row.decision === 'accepted' ? (
                  <Typography.Text type="secondary">
                    {row.exchange_order_id ? t('escrow.log.placed', { id: row.exchange_order_id }) : '—'}
                  </Typography.Text>
                ) : (
                  <EscrowReason row={row} />
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
