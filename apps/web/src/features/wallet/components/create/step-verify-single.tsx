import { useCallback, useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import { showWalletError } from '@/lib/wallet-connectors';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { WALLET_STATUS } from '../../wallet-status';
import { fetchWalletChallenge, verifySingleWallet } from '../../api/verify-single-wallet';
import { ConnectSigner, type SignerConnection } from '../connect-signer';
import { MONO } from '../wallet-bits';
import { WalletReadyResult } from './setup-outcome';

/** Single-signature import: sign the challenge with the imported address → normal. */
export function StepVerifySingle({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const wallet = useWalletBaseInfo(walletId);
  const [connection, setConnection] = useState<SignerConnection | null>(null);
  const [busy, setBusy] = useState(false);
  const onChange = useCallback((value: SignerConnection | null) => setConnection(value), []);
  const data = wallet.data;

  const verify = async () => {
    if (!connection) return;
    setBusy(true);
    try {
      const challenge = await fetchWalletChallenge(walletId);
      const signature = await connection.connector.signMessage(connection.account, challenge.message);
      await verifySingleWallet({ wallet_id: walletId, challenge_id: challenge.challenge_id, signature });
      toastSuccess(t('single.verified'));
      await Promise.all([
        wallet.refetch(),
        client.invalidateQueries({ queryKey: ['wallet', 'list'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
      ]);
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  if (!data) return <Card loading />;
  if (data.status === WALLET_STATUS.normal)
    return <WalletReadyResult walletId={walletId} title={t('single.done')} />;
  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Paragraph>{t('single.description')}</Typography.Paragraph>
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        message={<span style={{ ...MONO, wordBreak: 'break-all' }}>{data.address}</span>}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <ConnectSigner
          chainKey={data.chain_id}
          expected={data.address ? [data.address] : []}
          onChange={onChange}
        />
      </Card>
      <Button
        type="primary"
        disabled={!connection}
        loading={busy}
        onClick={() => void verify()}
        data-testid="single-verify"
      >
        {t('single.submit')}
      </Button>
    </div>
  );
}
