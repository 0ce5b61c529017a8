import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Result, Space, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { useTronSetup } from '../../api/tron-setup';
import { WALLET_STATUS } from '../../wallet-status';
import { MONO, WalletStatusTag } from '../wallet-bits';
import { TronPermissionUpdate } from './tron-permission-update';
import { TronTopUp } from './tron-top-up';

const STEP_OF: Record<number, number> = { 6: 0, 13: 1, 14: 2, 1: 3 };

/**
 * Tron top-up (§2 wizard step; §4 statuses 6 → 13 → 14 → 1): fund the account, its current key
 * signs the permission update handing it to the weighted signers, the chain shows it, ready.
 * Followed from GET /wallets/tron/status; the same screen the wallet's page leads back to.
 */
export function StepTronSetup({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const client = useQueryClient();
  const setup = useTronSetup(walletId);
  const wallet = useWalletBaseInfo(walletId);
  const status = setup.data?.status;
  useEffect(() => {
    if (status === undefined) return;
    // The wallet's other screens (list, detail, status tag) follow each step.
    void client.invalidateQueries({ queryKey: ['wallet', 'base-info', walletId] });
    void client.invalidateQueries({ queryKey: ['wallet', 'list'] });
  }, [status, walletId, client]);

  if (setup.isError && !setup.data)
    return (
      <QueryError
        title={t('tron.setup.loadError')}
        error={setup.error}
        onRetry={() => setup.refetch()}
        retrying={setup.isFetching}
        testId="tron-setup-error"
      />
    );
  if (!setup.data) return <Card loading />;
  const data = setup.data;
  const total = data.signers.reduce((sum, signer) => sum + signer.weight, 0);
  return (
    <div style={{ maxWidth: 860 }} data-testid="tron-setup" data-status={data.status}>
      <Steps
        size="small"
        current={STEP_OF[data.status] ?? 0}
        style={{ marginBottom: 20 }}
        items={[
          { title: t('tron.setup.steps.topUp') },
          { title: t('tron.setup.steps.sign') },
          { title: t('tron.setup.steps.confirm') },
          { title: t('tron.setup.steps.ready') },
        ]}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('tron.setup.account')}</Typography.Text>
          <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }} data-testid="tron-account">
            {data.address}
          </Typography.Text>
          <Space wrap>
            <WalletStatusTag status={data.status} />
            <Typography.Text type="secondary">
              {t('tron.thresholdWeight', { threshold: data.threshold, total })}
            </Typography.Text>
          </Space>
        </Space>
      </Card>
      {setup.isError ? (
        // A later read failed: the last known state stays, with the failure said above it.
        <div style={{ marginBottom: 16 }}>
          <QueryError
            title={t('tron.setup.refreshError')}
            error={setup.error}
            onRetry={() => setup.refetch()}
            retrying={setup.isFetching}
          />
        </div>
      ) : null}
      {data.status === WALLET_STATUS.tronNeedsTrx ? (
        <TronTopUp walletId={walletId} setup={data} readAt={setup.dataUpdatedAt} />
      ) : data.status === WALLET_STATUS.permissionPending && data.update ? (
        <TronPermissionUpdate setup={data} wallet={wallet.data} onSent={() => void setup.refetch()} />
      ) : data.status === WALLET_STATUS.permissionChanging ? (
        <Alert
          type="info"
          showIcon
          data-testid="tron-update-pending"
          message={t('tron.setup.confirming')}
          description={<span style={{ ...MONO, wordBreak: 'break-all' }}>{data.deploy_tx_hash ?? '—'}</span>}
        />
      ) : data.status === WALLET_STATUS.normal ? (
        <Result
          status="success"
          title={t('tron.setup.done')}
          subTitle={t('tron.setup.doneHint', { threshold: data.threshold })}
          extra={
            <Button
              type="primary"
              onClick={() => void navigate(`/wallet/detail/${walletId}`)}
              data-testid="open-wallet"
            >
              {t('deploy.openWallet')}
            </Button>
          }
        />
      ) : (
        <Alert type="warning" showIcon message={t('status.other', { status: data.status })} />
      )}
    </div>
  );
}
