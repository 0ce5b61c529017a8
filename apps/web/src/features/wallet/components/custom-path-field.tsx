import { useState } from 'react';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_PATH_INDEX_MAX,
  SCHEME_PATHS,
  isDerivationPath,
  isWalletError,
  toWalletError,
  walletErrorMessage,
  type AccountScheme,
  type Address,
  type CustomPathAccounts,
  type CustomPathRequest,
} from '@/lib/wallet-connectors';
import { MONO } from './wallet-bits';

type Kind = 'path' | AccountScheme;

/** What the user typed as a request; undefined when it is neither a path nor a whole number. */
function requestOf(kind: Kind, text: string): CustomPathRequest | undefined {
  if (kind === 'path') return isDerivationPath(text) ? { path: text } : undefined;
  return /^\d{1,10}$/.test(text) ? { scheme: kind, index: Number(text) } : undefined;
}

/**
 * Asks a connected Ledger, Trezor or OneKey for one more account: a whole path, or an index in one
 * of the layouts it lists. The connector checks the §5 index limit; its failures show as client
 * messages.
 */
export function CustomPathField(props: {
  connector: CustomPathAccounts;
  onAdded: (address: Address) => void;
}) {
  const { t } = useTranslation('wallets');
  const [kind, setKind] = useState<Kind>('path');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const request = requestOf(kind, text.trim());
    if (!request) return setError(t('connect.customPathInvalid'));
    setBusy(true);
    setError(undefined);
    try {
      props.onAdded(await props.connector.addCustomAccount(request));
      setText('');
    } catch (failure) {
      const named = toWalletError(failure, 'connect');
      setError(isWalletError(named) ? await walletErrorMessage(named) : named.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ marginTop: 12 }} data-testid="custom-path">
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 4 }}>
        {t('connect.customPathHint', { max: CUSTOM_PATH_INDEX_MAX })}
      </Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Select<Kind>
          value={kind}
          onChange={setKind}
          popupMatchSelectWidth={false}
          style={{ flex: '0 0 auto' }}
          data-testid="custom-path-kind"
          options={[
            { value: 'path', label: t('connect.customPathWhole') },
            ...(Object.keys(SCHEME_PATHS) as AccountScheme[]).map((scheme) => ({
              value: scheme,
              label: <span style={MONO}>{SCHEME_PATHS[scheme]('i')}</span>,
            })),
          ]}
        />
        <Input
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={() => void add()}
          placeholder={kind === 'path' ? "m/44'/60'/0'/0/5" : `0–${CUSTOM_PATH_INDEX_MAX}`}
          style={MONO}
          aria-label={t('connect.customPath')}
          data-testid="custom-path-input"
        />
        <Button onClick={() => void add()} loading={busy} data-testid="custom-path-add">
          {t('connect.customPathAdd')}
        </Button>
      </Space.Compact>
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
