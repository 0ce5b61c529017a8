import { useNavigate } from 'react-router';
import { Alert, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONO } from '../wallet-bits';

/** The end of a wallet's setup (deployed, verified, handed over): said, with the way to the wallet. */
export function WalletReadyResult(props: { walletId: number; title: string; subTitle?: string }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={props.title}
      subTitle={props.subTitle}
      extra={
        <Button
          type="primary"
          onClick={() => void navigate(`/wallet/detail/${props.walletId}`)}
          data-testid="open-wallet"
        >
          {t('deploy.openWallet')}
        </Button>
      }
    />
  );
}

/** A setup transaction was sent (a deployment, a permission update, a signer-list step): the chain must show it. */
export function SetupStepPending(props: { message: string; hash: string | null; testId: string }) {
  return (
    <Alert
      type="info"
      showIcon
      data-testid={props.testId}
      message={props.message}
      description={<span style={{ ...MONO, wordBreak: 'break-all' }}>{props.hash ?? '—'}</span>}
    />
  );
}
