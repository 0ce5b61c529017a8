import { useState, type KeyboardEvent } from 'react';
import { Table, Tag } from 'antd';
import { AddressText } from '@/features/wallet';
import type { OnChainRecord } from '../../api/types';
import { HexText, TokenAmount, formatTime } from '../transfer-bits';
import { useLazyTranslation } from '@/lib/use-namespace';
import { RecordDrawer } from './record-drawer';

/** On-chain records: deposits in (1) and executions out (2); a row opens its detail. */
export function RecordsTable(props: {
  rows: OnChainRecord[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <>
      <Table<OnChainRecord>
        rowKey="id"
        onRow={(row) =>
          ({
            onClick: () => setOpened(row.id),
            // A row works by keyboard too: Tab to it, Enter opens it.
            role: 'button',
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) setOpened(row.id);
            },
            style: { cursor: 'pointer' },
            'data-testid': 'record-row',
          }) as never
        }
        size="small"
        loading={props.loading}
        dataSource={props.rows}
        scroll={{ x: 960 }}
        data-testid="records-table"
        pagination={{
          current: props.page,
          pageSize: props.pageSize,
          total: props.total,
          onChange: props.onPage,
          size: 'small',
        }}
        columns={[
          {
            title: t('records.direction'),
            dataIndex: 'direction',
            width: 90,
            render: (value: number) => (
              <Tag color={value === 1 ? 'green' : 'blue'}>{t(`records.dir.${value}`)}</Tag>
            ),
          },
          { title: t('fields.wallet'), dataIndex: 'wallet_name', width: 140 },
          {
            title: t('fields.amount'),
            width: 150,
            align: 'right',
            render: (_: unknown, row) => <TokenAmount amount={row.amount} symbol={row.symbol} />,
          },
          {
            title: t('fields.from'),
            dataIndex: 'from',
            width: 140,
            render: (value: string) => <AddressText address={value} />,
          },
          {
            title: t('fields.to'),
            dataIndex: 'to',
            width: 140,
            render: (value: string) => <AddressText address={value} />,
          },
          {
            title: t('fields.txHash'),
            dataIndex: 'tx_hash',
            width: 200,
            render: (value: string) => <HexText value={value} />,
          },
          { title: t('records.block'), dataIndex: 'block_number', width: 90 },
          { title: t('fields.created'), dataIndex: 'ctime', width: 170, render: formatTime },
        ]}
      />
      <RecordDrawer recordId={opened} onClose={() => setOpened(null)} />
    </>
  );
}
