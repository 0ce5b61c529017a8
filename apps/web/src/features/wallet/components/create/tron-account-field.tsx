import { Button, Form, Input } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showWalletError, tronLink } from '@/lib/wallet-connectors';

/**
 * The Tron account that becomes the wallet: typed, or TronLink's current account. Its key signs
 * the permission update once; from then on only the signers' weighted keys control it.
 */
export function TronAccountField(props: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('wallets');
  return (
    <Form.Item
      label={t('tron.create.account')}
      extra={t('tron.create.accountHint')}
      validateStatus={props.error ? 'error' : undefined}
      help={props.error}
      required
    >
      <Input
        id="wallet-account-address"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.trim())}
        placeholder="T…"
        style={{ fontFamily: 'monospace' }}
      />
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
    </Form.Item>
  );
}
