import { Link, useNavigate } from 'react-router';
import { Grid, List, Table, Typography } from 'antd';
import { formatUsd } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { ExchangeAccountItem } from '../api/list-exchange-accounts';
import { exchangePath } from '../exchange-path';
import { ExchangeName, ExchangeStatusTag, KeyKindTag, MaskedKey } from './exchange-bits';

/**
 * The space's exchange accounts: name, exchange, key kind, status, USD value ("—" while not read
 * or when a holding has no price: never a made-up $0.00) and the masked key. A table on wide
 * screens, a list on phones.
 */
export function ExchangeAccountsTable(props: {
  rows: ExchangeAccountItem[];
  /** The USD value of an account whose list item has none yet (read by the total). */
  amountOf: (row: ExchangeAccountItem) => string | null;
}) {
  const { t } = useLazyTranslation('exchange');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const language = currentLanguage();
  const open = (row: ExchangeAccountItem) => void navigate(exchangePath(row.wallet_id));

  if (!screens.md)
    return (
      <List
        dataSource={props.rows}
        style={{ padding: '0 12px' }}
        data-testid="exchange-list"
        renderItem={(row) => (
          <List.Item
            onClick={() => open(row)}
            role="link"
            tabIndex={0}
            aria-label={row.name}
            onKeyDown={(event) => {
              if (event.key === 'Enter') open(row);
            }}
            style={{ display: 'block', cursor: 'pointer' }}
            data-testid="exchange-row"
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
              <Typography.Text strong ellipsis data-testid="exchange-row-name">
                {row.name}
              </Typography.Text>
              <ExchangeStatusTag status={row.status} />
            </div>
            <div
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 8,
                marginTop: 6,
                alignItems: 'center',
              }}
            >
              <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', minWidth: 0 }}>
                <ExchangeName id={row.exchange_id} name={row.exchange_name} />
                <KeyKindTag kind={row.api_key_type} />
              </span>
              <Typography.Text strong data-testid="exchange-row-amount">
                {formatUsd(props.amountOf(row))}
              </Typography.Text>
            </div>
            <div style={{ marginTop: 4 }}>
              <MaskedKey value={row.api_key} />
            </div>
          </List.Item>
        )}
      />
    );

  return (
    <Table<ExchangeAccountItem>
      rowKey="wallet_id"
      dataSource={props.rows}
      pagination={false}
      scroll={{ x: 960 }}
      data-testid="exchange-table"
      onRow={(row) =>
        ({ onClick: () => open(row), style: { cursor: 'pointer' }, 'data-testid': 'exchange-row' }) as never
      }
      columns={[
        {
          title: t('fields.name'),
          dataIndex: 'name',
          width: 170,
          render: (name: string, row) => (
            <span data-testid="exchange-row-name">
              <Link
                to={exchangePath(row.wallet_id)}
                onClick={(event) => event.stopPropagation()}
                style={{ fontWeight: 600 }}
              >
                {name}
              </Link>
            </span>
          ),
        },
        {
          title: t('fields.exchange'),
          dataIndex: 'exchange_id',
          width: 130,
          render: (id: string, row) => <ExchangeName id={id} name={row.exchange_name} />,
        },
        {
          title: t('fields.keyKind'),
          dataIndex: 'api_key_type',
          width: 170,
          render: (kind: number) => <KeyKindTag kind={kind} />,
        },
        {
          title: t('fields.status'),
          dataIndex: 'status',
          width: 110,
          render: (status: number) => <ExchangeStatusTag status={status} />,
        },
        {
          title: t('fields.amount'),
          key: 'amount',
          width: 150,
          onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          align: 'right',
          render: (_: unknown, row) => (
            <Typography.Text strong data-testid="exchange-row-amount">
              {formatUsd(props.amountOf(row))}
            </Typography.Text>
          ),
        },
        {
          title: t('fields.apiKey'),
          dataIndex: 'api_key',
          width: 160,
          render: (value: string) => <MaskedKey value={value} />,
        },
        {
          title: t('fields.created'),
          dataIndex: 'ctime',
          render: (value: string) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, language)}</span>
          ),
        },
      ]}
    />
  );
}
