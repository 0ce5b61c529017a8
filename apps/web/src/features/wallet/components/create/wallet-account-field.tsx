import { Button, Form, Input } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showWalletError, tronLink } from '@/lib/wallet-connectors';
import { FAMILY_KEY, type WeightedFamily } from '../../api/account-setup';

/**
 * The account that becomes the wallet: typed (or, on Tron, TronLink's current account). Its key
 * signs the hand-over to the signers (Tron: the permission update; XRP: the signer list, then
 * disabling the master key); from then on only the signers' weighted keys control it.
 */
export function WalletAccountField(props: {
  family: WeightedFamily;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('wallets');
  const key = FAMILY_KEY[props.family];
  return (
    <Form.Item
      label={t(`${key}.create.account`)}
      extra={t(`${key}.create.accountHint`)}
      validateStatus={props.error ? 'error' : undefined}
      help={props.error}
      required
    >
      <Input
        id="wallet-account-address"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.trim())}
        placeholder={props.family === 'TRX' ? 'T…' : 'r…'}
        style={{ fontFamily: 'monospace' }}
      />
      {props.family === 'TRX' ? (
        <Button
          type="link"
          size="small"
          icon={<LinkOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() => void tronLink.connect().then(props.onChange, showWalletError)}
          data-testid="wallet-account-use-tronlink"
        >
          {t('tron.create.useTronLink')}
        </Button>
      ) : null}
    </Form.Item>
  );
}
