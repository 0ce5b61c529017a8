import { useEffect, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showWalletError, tronLink } from '@/lib/wallet-connectors';
import { MONO } from './wallet-bits';

/**
 * Connects TronLink and names its current account. With `expected` addresses, an account outside
 * them is said to be the wrong one (§8 signer mismatch) and not handed on.
 */
export function TronLinkConnect(props: {
  expected?: string[];
  onChange: (account: string | null) => void;
  /** Button text ("Connect TronLink" unless said). */
  label?: string;
}) {
  const { t } = useTranslation('wallets');
  const [account, setAccount] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expected = props.expected ?? [];
  const mismatch = Boolean(account && expected.length && !expected.includes(account));
  const { onChange } = props;
  useEffect(() => onChange(account && !mismatch ? account : null), [account, mismatch, onChange]);

  const connect = async () => {
    setBusy(true);
    try {
      setAccount(await tronLink.connect());
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="tronlink-connect">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Button onClick={() => void connect()} loading={busy} data-testid="tronlink-connect-button">
          {account ? t('tron.connect.again') : (props.label ?? t('tron.connect.connect'))}
        </Button>
        {account ? (
          <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }} data-testid="tronlink-account">
            <CheckCircleFilled style={{ color: mismatch ? '#faad14' : '#52c41a', marginInlineEnd: 6 }} />
            {account}
          </Typography.Text>
        ) : tronLink.available() ? null : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="tronlink-missing">
            {t('tron.connect.missing')}
          </Typography.Text>
        )}
      </div>
      {mismatch ? (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          data-testid="tronlink-mismatch"
          message={t('tron.connect.mismatch')}
          description={<span style={{ ...MONO, wordBreak: 'break-all' }}>{expected.join(', ')}</span>}
        />
      ) : null}
    </div>
  );
}
