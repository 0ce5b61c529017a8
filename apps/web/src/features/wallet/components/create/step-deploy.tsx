import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Collapse, Space, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showWalletError } from '@/lib/wallet-connectors';
import { toastSuccess } from '@/lib/notify';
import { fetchDeployment } from '../../api/get-deployment';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { reportDeployment } from '../../api/report-deployment';
import { WALLET_STATUS } from '../../wallet-status';
import { ConnectSigner, type SignerConnection } from '../connect-signer';
import { DeployCost } from './deploy-cost';
import { SetupStepPending, WalletReadyResult } from './setup-outcome';
import { MONO, WalletStatusTag } from '../wallet-bits';

/**
 * EVM deploy (§2 wizard step): the predicted Safe address; a signer connects their wallet and
 * sends the deployment; the hash is reported and the wallet is polled until it is normal
 * (3 initializing → 8 deploy pending → 1 normal).
 */
export function StepDeploy({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const [polling, setPolling] = useState(true);
  const wallet = useWalletBaseInfo(walletId, polling);
  const [connection, setConnection] = useState<SignerConnection | null>(null);
  const [sending, setSending] = useState(false);
  const [txHash, setTxHash] = useState<string | null>(null);
  const [manual, setManual] = useState<{ to: string; data: string } | null>(null);
  const onChange = useCallback((value: SignerConnection | null) => setConnection(value), []);
  const data = wallet.data;
  const status = data?.status;
  useEffect(() => {
    if (status !== WALLET_STATUS.normal) return;
    setPolling(false);
    void client.invalidateQueries({ queryKey: ['wallet', 'list'] });
    void client.invalidateQueries({ queryKey: ['organization'] });
  }, [status, client]);

  const deploy = async () => {
    if (!connection || !data) return;
    setSending(true);
    try {
      const tx = await fetchDeployment(walletId);
      const hash = await connection.connector.sendTransaction(Number(data.chain_id), {
        from: connection.account,
        to: tx.to,
        data: tx.data,
      });
      setTxHash(hash);
      await reportDeployment(walletId, hash);
      toastSuccess(t('deploy.sent'));
      await wallet.refetch();
    } catch (error) {
      void showWalletError(error);
    } finally {
      setSending(false);
    }
  };

  if (!data) return <Card loading />;
  const current = status === WALLET_STATUS.normal ? 3 : status === WALLET_STATUS.deployPending ? 2 : 1;
  const signerAddresses = data.signers.map((signer) => signer.address);
  return (
    <div style={{ maxWidth: 760 }} data-testid="wallet-deploy">
      <Steps
        size="small"
        current={current}
        style={{ marginBottom: 20 }}
        items={[
          { title: t('deploy.progress.created') },
          { title: t('deploy.progress.send') },
          { title: t('deploy.progress.confirm') },
          { title: t('deploy.progress.ready') },
        ]}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('deploy.predicted')}</Typography.Text>
          <Typography.Text
            copyable
            style={{ ...MONO, wordBreak: 'break-all' }}
            data-testid="predicted-address"
          >
            {data.address}
          </Typography.Text>
          <Space wrap>
            <WalletStatusTag status={data.status} />
            <Typography.Text type="secondary">
              {t('thresholdOf', { threshold: data.threshold, count: data.signers.length })}
            </Typography.Text>
          </Space>
        </Space>
      </Card>
      {status === WALLET_STATUS.normal ? (
        <WalletReadyResult walletId={walletId} title={t('deploy.done')} subTitle={t('deploy.doneHint')} />
      ) : status === WALLET_STATUS.deployPending ? (
        <SetupStepPending
          message={t('deploy.confirming')}
          hash={data.deploy_tx_hash ?? txHash}
          testId="deploy-pending"
        />
      ) : (
        <>
          <Typography.Paragraph>{t('deploy.description')}</Typography.Paragraph>
          <DeployCost walletId={walletId} />
          {!data.is_signer ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('deploy.notSigner')} />
          ) : null}
          <Card size="small" title={t('deploy.connectTitle')} style={{ marginBottom: 16 }}>
            <ConnectSigner
              sends
              chainId={Number(data.chain_id)}
              chainKey={data.chain_id}
              expected={signerAddresses}
              onChange={onChange}
            />
          </Card>
          <Button
            type="primary"
            disabled={!connection || !data.is_signer}
            loading={sending}
            onClick={() => void deploy()}
            data-testid="deploy-send"
          >
            {t('deploy.send')}
          </Button>
          <Collapse
            ghost
            style={{ marginTop: 16 }}
            onChange={(keys) => {
              if (keys.length && !manual) void fetchDeployment(walletId).then(setManual, showWalletError);
            }}
            items={[
              {
                key: 'manual',
                label: t('deploy.manual'),
                children: manual ? (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Typography.Text type="secondary">{t('deploy.manualHint')}</Typography.Text>
                    <Typography.Text copyable style={MONO}>
                      to: {manual.to}
                    </Typography.Text>
                    <Typography.Paragraph
                      copyable={{ text: manual.data }}
                      ellipsis={{ rows: 2 }}
                      style={{ ...MONO, wordBreak: 'break-all', marginBottom: 0 }}
                    >
                      data: {manual.data}
                    </Typography.Paragraph>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">…</Typography.Text>
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
