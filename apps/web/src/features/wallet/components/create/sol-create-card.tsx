import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { createSolWalletOnChain } from '../../api/sol-create';
import { personName } from '../../wallet-people';
import { WALLET_STATUS } from '../../wallet-status';
import { MONO } from '../wallet-bits';
import { SetupStepPending, WalletReadyResult } from './setup-outcome';

/**
 * A Solana wallet being created (4 → 8 → 1): the space's fee payer creates its Squads multisig
 * on chain and pays the fee and rent; a signer asks for it ("Create on chain"), others see who
 * can. Once sent, the wallet is read back from the chain (polled here).
 */
export function SolCreateCard({ walletId, inWizard = false }: { walletId: number; inWizard?: boolean }) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const wallet = useWalletBaseInfo(walletId, true);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [txHash, setTxHash] = useState<string | null>(null);
  const data = wallet.data;
  const status = data?.status;
  useEffect(() => {
    if (status !== WALLET_STATUS.normal) return;
    void client.invalidateQueries({ queryKey: ['wallet', 'list'] });
    void client.invalidateQueries({ queryKey: ['organization'] });
  }, [status, client]);

  const create = async () => {
    setSending(true);
    setFailure(null);
    try {
      const reply = await createSolWalletOnChain(walletId);
      setTxHash(reply.tx_hash);
      toastSuccess(t('sol.create.sentToast'));
      await wallet.refetch();
    } catch (error) {
      setFailure(
        // The creation cannot be built when the chain has no Squads program: retrying will not help.
        isApiError(error, 'WS_DEPLOY_ERROR')
          ? t('sol.create.noProgram')
          : isApiError(error) && !error.isNetwork
            ? error.message
            : t('sol.create.failedHint'),
      );
    } finally {
      setSending(false);
    }
  };

  if (!data) return <Card loading />;
  if (status === WALLET_STATUS.normal)
    return inWizard ? (
      <WalletReadyResult
        walletId={walletId}
        title={t('sol.create.done')}
        subTitle={t('sol.create.doneHint')}
      />
    ) : null;
  const signerNames = data.signers.map((signer) => personName(signer)).join(', ');
  return (
    <Card size="small" title={t('sol.create.title')} data-testid="sol-create-card" style={{ maxWidth: 760 }}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('sol.create.description')}</Typography.Paragraph>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('sol.create.feePayer')}>
            <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }} data-testid="sol-fee-payer">
              {data.squads?.fee_payer ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('sol.create.vault')}>
            <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }} data-testid="sol-vault">
              {data.address ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('sol.create.multisig')}>
            <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }} data-testid="sol-multisig">
              {data.squads?.multisig ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('sol.create.rule')}>
            {t('thresholdOf', { threshold: data.threshold, count: data.signers.length })}
          </Descriptions.Item>
        </Descriptions>
        {status === WALLET_STATUS.deployPending ? (
          <SetupStepPending
            message={t('sol.create.sent')}
            hash={data.deploy_tx_hash ?? txHash}
            testId="sol-create-pending"
          />
        ) : (
          <>
            <Typography.Text type="secondary">{t('sol.create.costHint')}</Typography.Text>
            {failure ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                data-testid="sol-create-error"
                message={t('sol.create.failed')}
                description={failure}
                action={
                  <Button
                    size="small"
                    icon={<ReloadOutlined />}
                    loading={sending}
                    onClick={() => void create()}
                    data-testid="sol-create-retry"
                  >
                    {t('sol.create.retry')}
                  </Button>
                }
              />
            ) : null}
            {data.is_signer && failure ? null : data.is_signer ? (
              <Button
                type="primary"
                loading={sending}
                onClick={() => void create()}
                data-testid="sol-create-submit"
                style={{ alignSelf: 'flex-start' }}
              >
                {t('sol.create.button')}
              </Button>
            ) : (
              <Alert
                type="info"
                showIcon
                data-testid="sol-create-not-signer"
                message={t('sol.create.notSigner', { names: signerNames })}
              />
            )}
          </>
        )}
      </Space>
    </Card>
  );
}
