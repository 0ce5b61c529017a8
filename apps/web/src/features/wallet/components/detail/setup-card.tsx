import { useEffect } from 'react';
import { Card, Space, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useSetupDeposit, useWalletSchedule, useWalletStatus } from '../../api/get-wallet-setup';
import type { WalletDetail } from '../../api/types';
import { WALLET_STATUS } from '../../wallet-status';
import { MONO } from '../wallet-bits';
import { RelayDeploymentForm } from './relay-deployment-form';

const STEP_STATUS = { done: 'finish', current: 'process', waiting: 'wait', failed: 'error' } as const;
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

/** What the address must hold before setup (GET /wallets/initialization/volume); a failure is said, never "nothing". */
function SetupDeposit({ chainKey }: { chainKey: string }) {
  const { t } = useTranslation('wallets');
  const deposit = useSetupDeposit(chainKey);
  if (deposit.isError)
    return (
      <QueryError
        title={t('setup.depositError')}
        error={deposit.error}
        onRetry={() => deposit.refetch()}
        retrying={deposit.isFetching}
        testId="setup-deposit-error"
      />
    );
  if (!deposit.data) return null;
  return (
    <Typography.Text type="secondary" data-testid="setup-deposit">
      {Number(deposit.data.amount) > 0
        ? t('setup.depositNeeded', { amount: deposit.data.amount, symbol: deposit.data.symbol })
        : t('setup.depositNone', { symbol: deposit.data.symbol })}
    </Typography.Text>
  );
}

/**
 * The wallet's setup (§4: create → on-chain setup → verification → ready), from GET /wallets/schedule;
 * its status (GET /wallets/status) is followed while the chain confirms, and the page reloads the
 * wallet when it changes. A ready wallet gets one line: when it became ready, and its deployment.
 */
export function SetupCard({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const status = useWalletStatus(wallet.wallet_id);
  const current = status.data?.status ?? wallet.status;
  const schedule = useWalletSchedule(wallet.wallet_id, current);
  const language = currentLanguage();

  useEffect(() => {
    if (status.data && status.data.status !== wallet.status) {
      void client.invalidateQueries({ queryKey: ['wallet', 'base-info', wallet.wallet_id] });
      void client.invalidateQueries({ queryKey: ['wallet', 'list'] });
    }
  }, [status.data, wallet.status, wallet.wallet_id, client]);

  const failed = status.isError ? status : schedule.isError ? schedule : null;
  if (failed)
    return (
      <QueryError
        title={t('setup.loadError')}
        error={failed.error}
        onRetry={() => Promise.all([status.refetch(), schedule.refetch()])}
        retrying={status.isFetching || schedule.isFetching}
        testId="setup-error"
      />
    );
  const steps = (schedule.data?.steps ?? []).filter((step) => step.state !== 'skipped');
  const deployHash =
    status.data?.deploy_tx_hash ??
    schedule.data?.steps.find((step) => step.step === 'on_chain_setup')?.tx_hash ??
    null;
  if (current === WALLET_STATUS.normal) {
    const ready = schedule.data?.steps.find((step) => step.step === 'ready');
    if (!ready) return null;
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="setup-ready">
        {t('setup.readySince', { time: ready.at ? formatDateTime(ready.at, language) : '—' })}
        {deployHash ? (
          <>
            {' · '}
            {t('setup.deployment')}{' '}
            <Typography.Text copyable={{ text: deployHash }} style={{ ...MONO, fontSize: 12 }}>
              {short(deployHash)}
            </Typography.Text>
          </>
        ) : null}
      </Typography.Text>
    );
  }
  return (
    <Card size="small" title={t('setup.title')} loading={schedule.isPending} data-testid="wallet-setup">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Steps
          size="small"
          items={steps.map((step) => ({
            title: t(`setup.steps.${step.step}`),
            status: STEP_STATUS[step.state as keyof typeof STEP_STATUS] ?? 'wait',
            description: step.at ? formatDateTime(step.at, language) : undefined,
          }))}
          data-testid="setup-steps"
        />
        {deployHash ? (
          <Typography.Text data-testid="setup-deploy-hash">
            {t('setup.deployment')}{' '}
            <Typography.Text copyable={{ text: deployHash }} style={MONO}>
              {short(deployHash)}
            </Typography.Text>
          </Typography.Text>
        ) : null}
        {wallet.sign_type === 1 ? <SetupDeposit chainKey={wallet.chain_id} /> : null}
        {current === WALLET_STATUS.initializing && wallet.sign_type === 1 ? (
          <RelayDeploymentForm walletId={wallet.wallet_id} onSent={() => void status.refetch()} />
        ) : null}
      </Space>
    </Card>
  );
}
