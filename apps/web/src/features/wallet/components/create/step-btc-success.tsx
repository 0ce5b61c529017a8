import { useNavigate } from 'react-router';
import { Button, Descriptions, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { MONO } from '../wallet-bits';

/**
 * BTC success (§2 wizard step): a Bitcoin-family multisig needs no deployment — it is normal at
 * once. Its descriptors are shown to back up and to import into Sparrow, Electrum or Core.
 */
export function StepBtcSuccess({ walletId }: { walletId: number }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const wallet = useWalletBaseInfo(walletId).data;
  if (!wallet?.descriptor) return null;
  return (
    <Result
      status="success"
      title={t('create.btcSuccess.title')}
      subTitle={t('create.btcSuccess.description', { threshold: wallet.threshold })}
      extra={
        <Button
          type="primary"
          onClick={() => void navigate(`/wallet/detail/${wallet.wallet_id}`)}
          data-testid="btc-success-open"
        >
          {t('create.btcSuccess.open')}
        </Button>
      }
    >
      <Descriptions column={1} size="small" bordered data-testid="btc-descriptor">
        <Descriptions.Item label={t('fields.address')}>
          <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }}>
            {wallet.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('create.btcSuccess.receive')}>
          <Typography.Text
            copyable
            style={{ ...MONO, wordBreak: 'break-all' }}
            data-testid="btc-descriptor-receive"
          >
            {wallet.descriptor.receive}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('create.btcSuccess.change')}>
          <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }}>
            {wallet.descriptor.change}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
