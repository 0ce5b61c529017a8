import { useState } from 'react';
import { Link } from 'react-router';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLazyTranslation } from '@/lib/use-namespace';
import { QueryError } from '@/components/ui/query-error';
import {
  ApprovalTaskLine,
  MessageTaskLine,
  RecoveryTaskLine,
  approvalTaskOf,
  messageTaskOf,
  recoveryTaskOf,
} from '@/features/transfer';
import { useWalletTransfers } from '../../api/list-wallet-transfers';
import { AddressText } from '../wallet-bits';

/** Task type 3 (§3): the wallet's creation, listed with its transfers. */
const WALLET_DEPLOYMENT = 3;

/** The wallet's Transfers tab: its transfers, each linking to its detail; a failure says so with Retry. */
export function TransfersTab({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const { t: tt } = useLazyTranslation('transfer');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const list = useWalletTransfers(walletId, paging.page, paging.pageSize);
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Table
      data-testid="wallet-transfers"
      rowKey="task_id"
      size="small"
      loading={list.isLoading}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: t('detail.transfers.empty') }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: list.data?.total ?? 0,
        onChange: (page, pageSize) => setPaging({ page, pageSize }),
        size: 'small',
      }}
      scroll={{ x: true }}
      columns={[
        {
          title: t('detail.transfers.number'),
          dataIndex: 'task_number',
          render: (value: string, row) =>
            row.type === WALLET_DEPLOYMENT ? value : <Link to={`/task/${row.task_id}`}>{value}</Link>,
        },
        {
          title: t('detail.transfers.status'),
          dataIndex: 'status',
          render: (status: number) => <Tag>{tt(`status.${status}`, { defaultValue: String(status) })}</Tag>,
        },
        {
          title: t('detail.transfers.amount'),
          render: (_: unknown, row) =>
            row.type === WALLET_DEPLOYMENT ? (
              <Typography.Text type="secondary">{t('detail.transfers.deployment')}</Typography.Text>
            ) : approvalTaskOf(row) ? (
              <ApprovalTaskLine dapp={approvalTaskOf(row)!} />
            ) : recoveryTaskOf(row) ? (
              <RecoveryTaskLine dapp={recoveryTaskOf(row)!} />
            ) : messageTaskOf(row) ? (
              <MessageTaskLine dapp={messageTaskOf(row)!} />
            ) : (
              <Typography.Text>
                {row.amount ?? '—'} {row.symbol ?? ''}
              </Typography.Text>
            ),
        },
        {
          title: t('detail.transfers.to'),
          dataIndex: 'to',
          // An approval task calls the token contract; the spender is who it concerns.
          render: (to: string | null, row) => {
            const shown = approvalTaskOf(row)?.spender ?? to;
            return shown ? <AddressText address={shown} /> : '—';
          },
        },
        {
          title: t('detail.transfers.created'),
          dataIndex: 'ctime',
          render: (iso: string) => new Date(iso).toLocaleString(),
        },
      ]}
    />
  );
}
