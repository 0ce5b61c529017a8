import { useState } from 'react';
import { Button, Empty, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useTokenApprovals, type TokenApproval } from '../../api/token-approvals';
import type { WalletDetail } from '../../api/types';
import { WALLET_STATUS } from '../../wallet-status';
import { ApprovalsList } from './approvals-list';
import { CancelApprovalModal } from './cancel-approval-modal';

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
        <ApprovalsList
          rows={data?.list ?? []}
          loading={approvals.isPending}
          action={
            operator
              ? (row) => (
                  <Button
                    size="small"
                    danger
                    disabled={!ready || row.status === 'approve_cancel'}
                    onClick={() => setCancelling(row)}
                    data-testid="approval-cancel"
                  >
                    {t('approvals.cancel')}
                  </Button>
                )
              : null
          }
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
