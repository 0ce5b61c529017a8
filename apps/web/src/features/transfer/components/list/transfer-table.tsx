import { Grid, List, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { AddressText } from '@/features/wallet';
import type { TransferTask } from '../../api/types';
import { type WalletListItem } from '@/features/wallet';
import { TaskStatusTag, TokenAmount, formatTime } from '../transfer-bits';
import { useLazyTranslation } from '@/lib/use-namespace';

interface Paging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Transfers as a table (desktop) or a list of cards (phones); a row opens the detail. */
export function TransferTable(props: {
  rows: TransferTask[];
  loading: boolean;
  wallets: WalletListItem[];
  paging: Paging;
  empty: string;
}) {
  const { t } = useLazyTranslation('transfer');
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const walletName = (row: TransferTask) =>
    props.wallets.find((wallet) => wallet.wallet_id === row.wallet_id)?.name ?? `#${row.wallet_id}`;
  const open = (row: TransferTask) =>
    void navigate(row.type === 3 ? `/wallet/detail/${row.wallet_id}` : `/task/${row.task_id}`);
  const pagination = {
    current: props.paging.page,
    pageSize: props.paging.pageSize,
    total: props.paging.total,
    onChange: props.paging.onChange,
    showSizeChanger: true,
    size: 'small' as const,
  };
  const title = (row: TransferTask) =>
    row.type === 3 ? t('list.walletCreation') : row.rejection_of ? t('list.rejection') : t('list.transfer');
  if (!screens.md)
    return (
      <List
        loading={props.loading}
        dataSource={props.rows}
        locale={{ emptyText: props.empty }}
        pagination={{ ...pagination, showSizeChanger: false, align: 'center' }}
        renderItem={(row) => (
          <List.Item
            onClick={() => open(row)}
            style={{ display: 'block', cursor: 'pointer' }}
            data-testid="transfer-row"
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
              <Typography.Text strong>
                {row.task_number} · {title(row)}
              </Typography.Text>
              <TaskStatusTag status={row.status} />
            </div>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 4 }}>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {walletName(row)} → {row.to ? `${row.to.slice(0, 6)}…${row.to.slice(-4)}` : '—'}
              </Typography.Text>
              <Typography.Text strong>
                <TokenAmount amount={row.amount} symbol={row.symbol} />
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(row.ctime)}
            </Typography.Text>
          </List.Item>
        )}
      />
    );
  return (
    <Table<TransferTask>
      rowKey="task_id"
      loading={props.loading}
      dataSource={props.rows}
      pagination={pagination}
      locale={{ emptyText: props.empty }}
      scroll={{ x: 900 }}
      onRow={(row) =>
        ({ onClick: () => open(row), style: { cursor: 'pointer' }, 'data-testid': 'transfer-row' }) as never
      }
      columns={[
        {
          title: t('fields.number'),
          dataIndex: 'task_number',
          width: 110,
          render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
        },
        { title: t('fields.type'), width: 120, render: (_: unknown, row) => title(row) },
        { title: t('fields.wallet'), width: 150, render: (_: unknown, row) => walletName(row) },
        {
          title: t('fields.to'),
          dataIndex: 'to',
          width: 180,
          render: (value: string | null) => (
            <span style={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
              <AddressText address={value} />
            </span>
          ),
        },
        {
          title: t('fields.amount'),
          width: 160,
          align: 'right',
          render: (_: unknown, row) => <TokenAmount amount={row.amount} symbol={row.symbol} />,
        },
        {
          title: t('fields.status'),
          dataIndex: 'status',
          width: 140,
          render: (value: number) => <TaskStatusTag status={value} />,
        },
        {
          title: t('fields.created'),
          dataIndex: 'ctime',
          width: 200,
          render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(value)}</span>,
        },
      ]}
    />
  );
}
