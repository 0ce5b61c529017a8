import { List, Tag, Typography } from 'antd';
import { AddressText } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { ExchangeTransfer } from '../api/list-exchange-transfers';
import { formatCoin } from './coin-amount';

/** The history on a phone: type and amount, time and status, the address and transaction below. */
export function ExchangeTransferList(props: {
  rows: ExchangeTransfer[];
  loading: boolean;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  return (
    <List
      loading={props.loading}
      dataSource={props.rows}
      rowKey={(row) => `${row.type}:${row.id}`}
      data-testid="exchange-transfers-table"
      pagination={{ ...props.pagination, size: 'small', align: 'center' }}
      renderItem={(row) => (
        <List.Item style={{ display: 'block' }} data-testid={`exchange-transfer-${row.type}`}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            <Tag color={row.type === 'deposit' ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }}>
              {t(`transfers.filter.${row.type}`)}
            </Tag>
            <Typography.Text strong data-testid="exchange-transfer-amount">
              {formatCoin(row.amount)} {row.symbol}
            </Typography.Text>
          </div>
          <div
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 8,
              fontSize: 12,
              color: 'rgba(0,0,0,0.6)',
              marginTop: 4,
            }}
          >
            <span>{row.time ? formatDateTime(row.time, language) : '—'}</span>
            <span data-testid="exchange-transfer-status">
              {t(`transfers.statuses.${row.status}`, { defaultValue: row.status })}
              {row.fee ? ` · ${t('transfers.fee')} ${formatCoin(row.fee)}` : ''}
            </span>
          </div>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '2px 12px', marginTop: 4, fontSize: 12 }}>
            {row.network ? <span>{row.network}</span> : null}
            <AddressText address={row.address} />
            {row.tx_id ? <AddressText address={row.tx_id} /> : null}
          </div>
        </List.Item>
      )}
    />
  );
}
