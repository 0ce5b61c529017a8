import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useTokenApprovals, type TokenApproval } from '../../api/token-approvals';
import type { WalletDetail } from '../../api/types';
import { WALLET_STATUS } from '../../wallet-status';
import { AddressText } from '../wallet-bits';
import { CancelApprovalModal } from './cancel-approval-modal';

const rowKey = (row: TokenApproval) => `${row.token}:${row.spender}`;

/**
 * §2 wallet tab "token approvals" (EVM Safes): who may spend the Safe's tokens, with the
 * allowance read from the chain now; operators cancel one by a task that sets it to 0.
 */
export function ApprovalsTab({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const approvals = useTokenApprovals(wallet.wallet_id);
  const [cancelling, setCancelling] = useState<TokenApproval | null>(null);
  const operator = wallet.my_roles.includes('operator');
  const ready = wallet.status === WALLET_STATUS.normal;
  const data = approvals.data;
  const scanned = data?.scanned_to_block
    ? t('approvals.scanned', { block: data.scanned_to_block })
    : t('approvals.notScanned');

  const header = (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}
    >
      <div style={{ minWidth: 0, flex: '1 1 280px' }}>
        <Typography.Text>{t('approvals.intro')}</Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          <span data-testid="approvals-scanned">{scanned}</span>
          {operator ? (ready ? '' : ` ${t('approvals.notReady')}`) : ` ${t('approvals.operatorsOnly')}`}
        </Typography.Text>
      </div>
      <Button
        icon={<ReloadOutlined />}
        loading={approvals.isFetching}
        onClick={() => void approvals.refetch()}
        data-testid="approvals-refresh"
      >
        {t('approvals.refresh')}
      </Button>
    </div>
  );

  // A failed read is said as such with Retry, never shown as "no approvals".
  if (approvals.isError && !data)
    return (
      <div data-testid="approvals-tab">
        <QueryError
          title={t('approvals.loadError')}
          error={approvals.error}
          onRetry={() => approvals.refetch()}
          retrying={approvals.isFetching}
          testId="approvals-error"
        />
      </div>
    );

  return (
    <div data-testid="approvals-tab">
      {header}
      {approvals.isError ? (
        <div style={{ marginBottom: 12 }}>
          <QueryError
            title={t('approvals.refreshError')}
            error={approvals.error}
            onRetry={() => approvals.refetch()}
            retrying={approvals.isFetching}
            testId="approvals-error"
          />
        </div>
      ) : null}
      {data && data.list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          data-testid="approvals-empty"
          description={
            <span>
              <strong style={{ display: 'block' }}>{t('approvals.empty')}</strong>
              {scanned}
            </span>
          }
        />
      ) : (
        <Table<TokenApproval>
          data-testid="approvals-table"
          rowKey={rowKey}
          size="small"
          loading={approvals.isPending}
          dataSource={data?.list ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          onRow={(row) => ({ 'data-testid': 'approval-row', 'data-spender': row.spender }) as never}
          columns={[
            {
              title: t('approvals.columns.token'),
              key: 'token',
              render: (_: unknown, row) => (
                <div data-testid="approval-token">
                  <Typography.Text strong>{row.symbol ?? t('approvals.unknownToken')}</Typography.Text>
                  <div>
                    <AddressText address={row.token} />
                  </div>
                </div>
              ),
            },
            {
              title: t('approvals.columns.spender'),
              key: 'spender',
              render: (_: unknown, row) => (
                <div data-testid="approval-spender">
                  {row.spender_name ? <Typography.Text strong>{row.spender_name}</Typography.Text> : null}
                  <div>
                    <AddressText address={row.spender} />
                  </div>
                </div>
              ),
            },
            {
              title: t('approvals.columns.allowance'),
              key: 'allowance',
              render: (_: unknown, row) =>
                row.unlimited ? (
                  <Tag color="warning" data-testid="approval-allowance" style={{ marginInlineEnd: 0 }}>
                    {t('approvals.unlimited')}
                  </Tag>
                ) : (
                  <Typography.Text data-testid="approval-allowance">
                    {row.decimals === null
                      ? t('approvals.baseUnits', { value: row.allowance })
                      : `${row.allowance} ${row.symbol ?? ''}`.trim()}
                  </Typography.Text>
                ),
            },
            {
              title: t('approvals.columns.status'),
              key: 'status',
              render: (_: unknown, row) => (
                <Space size={4} wrap data-testid="approval-status">
                  <Tag
                    color={row.status === 'approve' ? 'success' : 'processing'}
                    style={{ marginInlineEnd: 0 }}
                  >
                    {t(`approvals.status.${row.status}`)}
                  </Tag>
                  {row.cancel_task_id !== null ? (
                    <Link to={`/task/${row.cancel_task_id}`} data-testid="approval-cancel-task">
                      {t('approvals.openCancelTask')}
                    </Link>
                  ) : null}
                </Space>
              ),
            },
            {
              title: t('approvals.columns.lastTx'),
              key: 'tx',
              render: (_: unknown, row) => (
                <div>
                  <AddressText address={row.tx_hash} short={`${row.tx_hash.slice(0, 10)}…`} />
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('approvals.block', { block: row.block_number })}
                  </Typography.Text>
                </div>
              ),
            },
            ...(operator
              ? [
                  {
                    title: t('approvals.columns.action'),
                    key: 'action',
                    render: (_: unknown, row: TokenApproval) => (
                      <Button
                        size="small"
                        danger
                        disabled={!ready || row.status === 'approve_cancel'}
                        onClick={() => setCancelling(row)}
                        data-testid="approval-cancel"
                      >
                        {t('approvals.cancel')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {cancelling ? (
        <CancelApprovalModal
          walletId={wallet.wallet_id}
          approval={cancelling}
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </div>
  );
}
