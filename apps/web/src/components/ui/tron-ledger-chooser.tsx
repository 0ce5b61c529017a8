import { useEffect, useState, type CSSProperties } from 'react';
import { Alert, Button, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showWalletError } from '@/lib/wallet-connectors';
import {
  ledgerTron,
  TRON_LEDGER_PATH,
  TRON_LEDGER_PATHS,
  type TronLedgerAccount,
} from '@/lib/wallet-connectors/ledger/ledger-tron';

/** The wallet feature's monospace (components do not import features). */
const MONO: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.92em',
};

/**
 * Chooses the Ledger account (derivation path) a Tron signature is asked of: the default path, or
 * one of the next accounts; "Read accounts" lists each path's address from the device (nothing
 * shown on it) and picks the first that is one of `expected`. The signing itself checks the
 * account again, so a path read or not is handed on.
 */
export function TronLedgerChooser(props: { expected: string[]; onChange: (path: string) => void }) {
  const { t } = useTranslation('wallets');
  const [path, setPath] = useState(TRON_LEDGER_PATH);
  const [accounts, setAccounts] = useState<TronLedgerAccount[]>([]);
  const [busy, setBusy] = useState(false);
  const { onChange, expected } = props;
  useEffect(() => onChange(path), [path, onChange]);

  if (!ledgerTron.available())
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="tron-ledger-unavailable">
        {t('tron.ledger.needsWebHid')}
      </Typography.Text>
    );

  const read = async () => {
    setBusy(true);
    try {
      const list = await ledgerTron.accounts();
      setAccounts(list);
      const match = list.find((account) => expected.includes(account.address));
      if (match) setPath(match.path);
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };
  const chosen = accounts.find((account) => account.path === path);
  const mismatch = Boolean(chosen && !expected.includes(chosen.address));

  return (
    <div data-testid="tron-ledger-account">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Select
          value={path}
          onChange={setPath}
          style={{ minWidth: 220, maxWidth: '100%' }}
          popupMatchSelectWidth={false}
          aria-label={t('tron.ledger.path')}
          data-testid="tron-ledger-path"
          options={TRON_LEDGER_PATHS.map((value) => {
            const address = accounts.find((account) => account.path === value)?.address;
            return { value, label: address ? `${value} · ${address}` : value };
          })}
        />
        <Button onClick={() => void read()} loading={busy} data-testid="tron-ledger-read">
          {t('tron.ledger.read')}
        </Button>
      </div>
      {chosen ? (
        <Typography.Text
          type={mismatch ? 'warning' : 'success'}
          style={{ ...MONO, display: 'block', marginTop: 6, wordBreak: 'break-all' }}
          data-testid="tron-ledger-address"
        >
          {chosen.address}
        </Typography.Text>
      ) : null}
      {mismatch ? (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          data-testid="tron-ledger-mismatch"
          message={t('tron.ledger.mismatch')}
          description={<span style={{ ...MONO, wordBreak: 'break-all' }}>{expected.join(', ')}</span>}
        />
      ) : null}
    </div>
  );
}
