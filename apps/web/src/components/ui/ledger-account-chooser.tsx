import { useEffect, useState, type CSSProperties } from 'react';
import { Alert, Button, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showWalletError } from '@/lib/wallet-connectors';
import {
  ledgerSolana,
  SOLANA_LEDGER_PATH,
  SOLANA_LEDGER_PATHS,
} from '@/lib/wallet-connectors/ledger/ledger-solana';
import { ledgerTron, TRON_LEDGER_PATH, TRON_LEDGER_PATHS } from '@/lib/wallet-connectors/ledger/ledger-tron';

/** The wallet feature's monospace (components do not import features). */
const MONO: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.92em',
};

/** A Ledger app's accounts: its paths to offer, and its addresses read from the device. */
interface LedgerAccounts {
  available(): boolean;
  accounts(): Promise<Array<{ path: string; address: string }>>;
  defaultPath: string;
  paths: readonly string[];
}

const APPS = {
  tron: {
    available: ledgerTron.available,
    accounts: () => ledgerTron.accounts(),
    defaultPath: TRON_LEDGER_PATH,
    paths: TRON_LEDGER_PATHS,
  },
  sol: {
    available: ledgerSolana.available,
    accounts: () => ledgerSolana.accounts(),
    defaultPath: SOLANA_LEDGER_PATH,
    paths: SOLANA_LEDGER_PATHS,
  },
} satisfies Record<string, LedgerAccounts>;

/**
 * Chooses the Ledger account (derivation path) a Tron or Solana signature is asked of: the app's
 * first account by default, or another of the offered layouts; "Read accounts" lists each path's
 * address from the device (nothing shown on it) and picks the first that is one of `expected`.
 * Signing checks the account at the path again, so a path read or not is handed on. Texts and
 * test ids are the app's (`tron.ledger.*`, `sol.ledger.*`).
 */
export function LedgerAccountChooser(props: {
  app: keyof typeof APPS;
  expected: string[];
  onChange: (path: string) => void;
}) {
  const { t } = useTranslation('wallets');
  const { app, onChange, expected } = props;
  const ledger: LedgerAccounts = APPS[app];
  const [path, setPath] = useState(ledger.defaultPath);
  const [accounts, setAccounts] = useState<Array<{ path: string; address: string }>>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => onChange(path), [path, onChange]);

  if (!ledger.available())
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${app}-ledger-unavailable`}>
        {t(`${app}.ledger.needsWebHid`)}
      </Typography.Text>
    );

  const read = async () => {
    setBusy(true);
    try {
      const list = await ledger.accounts();
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
    <div data-testid={`${app}-ledger-account`}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Select
          value={path}
          onChange={setPath}
          style={{ minWidth: 220, maxWidth: '100%' }}
          popupMatchSelectWidth={false}
          aria-label={t(`${app}.ledger.path`)}
          data-testid={`${app}-ledger-path`}
          options={ledger.paths.map((value) => {
            const address = accounts.find((account) => account.path === value)?.address;
            return { value, label: address ? `${value} · ${address}` : value };
          })}
        />
        <Button onClick={() => void read()} loading={busy} data-testid={`${app}-ledger-read`}>
          {t(`${app}.ledger.read`)}
        </Button>
      </div>
      {chosen ? (
        <Typography.Text
          type={mismatch ? 'warning' : 'success'}
          style={{ ...MONO, display: 'block', marginTop: 6, wordBreak: 'break-all' }}
          data-testid={`${app}-ledger-address`}
        >
          {chosen.address}
        </Typography.Text>
      ) : null}
      {mismatch ? (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          data-testid={`${app}-ledger-mismatch`}
          message={t(`${app}.ledger.mismatch`)}
          description={<span style={{ ...MONO, wordBreak: 'break-all' }}>{expected.join(', ')}</span>}
        />
      ) : null}
    </div>
  );
}
