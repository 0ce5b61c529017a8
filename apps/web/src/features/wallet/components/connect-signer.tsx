import { useEffect, useState } from 'react';
import { Alert, Button, Radio, Select, Space, Typography } from 'antd';
import {
  ApiOutlined,
  CheckCircleFilled,
  ExperimentOutlined,
  MobileOutlined,
  QrcodeOutlined,
  UsbOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { hasCustomPaths, showWalletError, type Address, type WalletConnector } from '@/lib/wallet-connectors';
import { useConnectors } from '../hooks/use-connectors';
import { CustomPathField } from './custom-path-field';
import { MONO } from './wallet-bits';

export interface SignerConnection {
  connector: WalletConnector;
  account: Address;
}

/** A connector's name in the list: products keep their names, the others are translated. */
function connectorLabel(t: TFunction<'wallets'>, connector: WalletConnector): string {
  if (connector.id === 'devnet') return t('connect.devnet');
  if (connector.id === 'qr') return t('qr.name');
  if (connector.id === 'walletconnect') return t('walletconnect.name');
  if (connector.id === 'injected') return t('connect.injected', { name: connector.name });
  return connector.name;
}

function connectorHint(t: TFunction<'wallets'>, connector: WalletConnector): string {
  if (connector.id === 'devnet') return t('connect.devnetHint');
  if (connector.id === 'qr') return t('qr.hint');
  if (connector.id === 'walletconnect') return t('walletconnect.hint');
  if (connector.id === 'ledger') return t('connect.ledgerHint');
  if (connector.id === 'trezor') return t('connect.trezorHint');
  if (connector.id === 'onekey') return t('connect.onekeyHint');
  if (connector.id === 'injected')
    return connector.available() ? t('connect.injectedHint') : t('connect.injectedMissing');
  return '';
}

/** An account in the open list: the address, and below it the path a device finds it by. */
function AccountOption(props: { address: string; path?: string }) {
  return (
    <div style={{ ...MONO, whiteSpace: 'normal', wordBreak: 'break-all' }}>
      {props.address}
      {props.path ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {props.path}
        </Typography.Text>
      ) : null}
    </div>
  );
}

const same = (a?: string | null, b?: string | null) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/**
 * §2 wallet connection: pick a connector (browser wallet or devnet signer), connect, pick the
 * account. `expected` addresses: the connection is offered only with one of them, and a
 * connected account outside them is named as a mismatch (§8 signer mismatch).
 */
export function ConnectSigner(props: {
  /** Numeric chain id the wallet must be on (undefined: any, e.g. message signing). */
  chainId?: number;
  /** Chain key of the wallet (the devnet signer only appears on the devnet). */
  chainKey?: string;
  expected?: string[];
  /** The connection will send a transaction: connectors that only sign are left out. */
  sends?: boolean;
  onChange: (connection: SignerConnection | null) => void;
}) {
  const { t } = useTranslation('wallets');
  const all = useConnectors(props.chainKey).connectors;
  const connectors = props.sends ? all.filter((item) => !item.signsOnly) : all;
  const [connectorId, setConnectorId] = useState<string>(() => connectors[0]!.id);
  const [accounts, setAccounts] = useState<Address[]>([]);
  const [account, setAccount] = useState<Address | undefined>();
  const [busy, setBusy] = useState(false);
  const connector = connectors.find((item) => item.id === connectorId) ?? connectors[0]!;
  const expected = props.expected ?? [];
  const mismatch = Boolean(account && expected.length && !expected.some((address) => same(address, account)));

  const { onChange } = props;
  useEffect(() => {
    onChange(account && !mismatch ? { connector, account } : null);
  }, [account, mismatch, connector, onChange]);

  const connect = async () => {
    setBusy(true);
    try {
      const list = await connector.connect(props.chainId);
      setAccounts(list);
      const preferred = list.find((address) => expected.some((item) => same(item, address)));
      setAccount(preferred ?? list[0]);
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  // A lasting connection (a WalletConnect session) is ended here, to pair another phone.
  const disconnect = async () => {
    setAccounts([]);
    setAccount(undefined);
    await connector.disconnect?.().catch(showWalletError);
  };

  return (
    <div data-testid="connect-signer">
      <Radio.Group
        value={connector.id}
        onChange={(event) => {
          setConnectorId(event.target.value as string);
          setAccounts([]);
          setAccount(undefined);
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {connectors.map((item) => (
          <Radio key={item.id} value={item.id} data-testid={`connector-${item.id}`}>
            <Space size={6}>
              {item.id === 'devnet' ? (
                <ExperimentOutlined />
              ) : item.id === 'qr' ? (
                <QrcodeOutlined />
              ) : item.id === 'walletconnect' ? (
                <MobileOutlined />
              ) : item.id === 'ledger' || item.id === 'trezor' || item.id === 'onekey' ? (
                <UsbOutlined />
              ) : (
                <ApiOutlined />
              )}
              <span>{connectorLabel(t, item)}</span>
            </Space>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {connectorHint(t, item)}
            </Typography.Text>
          </Radio>
        ))}
      </Radio.Group>
      <div style={{ marginTop: 12, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Button
          onClick={connect}
          loading={busy}
          type={accounts.length ? 'default' : 'primary'}
          data-testid="connector-connect"
        >
          {accounts.length ? t('connect.reconnect') : t('connect.connect')}
        </Button>
        {accounts.length && connector.disconnect ? (
          <Button onClick={() => void disconnect()} data-testid="connector-disconnect">
            {t('walletconnect.disconnect')}
          </Button>
        ) : null}
        {accounts.length > 1 ? (
          <Select
            value={account}
            onChange={setAccount}
            // A device lists a dozen accounts at most: all rendered, none hidden by virtual scrolling.
            virtual={false}
            style={{ minWidth: 0, flex: '1 1 260px' }}
            data-testid="connector-account"
            options={accounts.map((address) => ({
              value: address,
              label: <span style={MONO}>{address}</span>,
            }))}
            optionRender={(option) => (
              <AccountOption
                address={String(option.value)}
                path={connector.accountLabel?.(option.value as Address)}
              />
            )}
          />
        ) : account ? (
          <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }} data-testid="connected-account">
            <CheckCircleFilled style={{ color: '#52c41a', marginInlineEnd: 6 }} />
            {account}
          </Typography.Text>
        ) : null}
      </div>
      {accounts.length > 0 && hasCustomPaths(connector) ? (
        <CustomPathField
          key={connector.id}
          connector={connector}
          onAdded={(address) => {
            setAccounts(connector.accounts);
            setAccount(address);
          }}
        />
      ) : null}
      {mismatch ? (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message={t('connect.mismatch')}
          data-testid="connector-mismatch"
        />
      ) : null}
    </div>
  );
}
