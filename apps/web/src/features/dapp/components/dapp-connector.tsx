import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Input, Select, Space as Stack, Spin } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useOrganizationBaseInfo } from '@/features/organization';
import { useWebConfig } from '@/features/platform';
import { useChains, useWalletBaseInfo, useWallets } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { dappUrl } from '../safe-host';
import { SafeAppFrame } from './safe-app-frame';
import { DappCatalogue } from './dapp-catalogue';
import { WalletConnectPanel } from './walletconnect-panel';

/** Normal (deployed, usable) — the only status a Safe can carry a Dapp's calls in. */
const WALLET_NORMAL = 1;
const MULTI_SIGN = 1;

/**
 * Picks a Safe of the space and a Dapp URL, then opens the Dapp. The space's Dapp toggle and
 * the wallet's Dapp switch must be on; each says how to turn it on when it is off.
 */
export function DappConnector({ spaceId }: { spaceId: string }) {
  const { t } = useLazyTranslation('dapp');
  const space = useOrganizationBaseInfo(spaceId);
  const wallets = useWallets(spaceId);
  const chains = useChains();
  const [walletId, setWalletId] = useState<number | null>(null);
  const [input, setInput] = useState('');
  const [opened, setOpened] = useState<URL | null>(null);
  const [invalid, setInvalid] = useState(false);
  const wallet = useWalletBaseInfo(walletId ?? 0);
  const webConfig = useWebConfig();

  const failed = [space, wallets, chains].find((query) => query.isError);
  if (failed)
    return (
      <QueryError
        title={t('loadError')}
        error={failed.error}
        onRetry={() => Promise.all([space.refetch(), wallets.refetch(), chains.refetch()])}
        retrying={failed.isFetching}
      />
    );
  if (!space.data || !wallets.data || !chains.data) return <Spin data-testid="dapp-loading" />;

  if (!space.data.is_open_dapp)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="dapp-space-off"
        message={t('spaceOff.title')}
        description={
          <>
            {t('spaceOff.text')} <Link to="/organization/settings">{t('spaceOff.link')}</Link>
          </>
        }
      />
    );

  const evm = new Set(
    chains.data.list.filter((chain) => chain.family === 'EVM').map((chain) => chain.chain_id),
  );
  const safes = wallets.data.list.filter(
    (item) =>
      item.sign_type === MULTI_SIGN &&
      item.status === WALLET_NORMAL &&
      item.address &&
      evm.has(item.chain_id),
  );
  const detail = wallet.data && wallet.data.wallet_id === walletId ? wallet.data : null;
  const chain = detail ? chains.data.list.find((item) => item.chain_id === detail.chain_id) : undefined;
  // The wallet's Dapp switch (GET /wallets/base-info is_open_dapp).
  const walletOff = detail?.is_open_dapp === false;

  const safeEntries = safes.map((item) => ({
    walletId: item.wallet_id,
    name: item.name,
    address: item.address ?? '',
    chainId: Number(item.chain_id),
  }));
  const walletconnect = webConfig.data?.walletconnect;

  const open = () => {
    const url = dappUrl(input);
    setInvalid(!url);
    setOpened(url);
  };

  return (
    <Stack direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Form layout="vertical" onFinish={open} requiredMark={false}>
          <Form.Item
            label={t('wallet.label')}
            htmlFor="dapp-wallet"
            extra={safes.length ? undefined : t('wallet.none')}
          >
            <Select
              id="dapp-wallet"
              data-testid="dapp-wallet"
              placeholder={t('wallet.placeholder')}
              value={walletId ?? undefined}
              onChange={(value: number) => {
                setWalletId(value);
                setOpened(null);
              }}
              options={safes.map((item) => ({
                value: item.wallet_id,
                label: `${item.name} · ${item.address_short ?? item.address}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            label={t('url.label')}
            htmlFor="dapp-url"
            validateStatus={invalid ? 'error' : undefined}
            help={invalid ? t('url.invalid') : t('url.help')}
          >
            <Stack.Compact style={{ width: '100%' }}>
              <Input
                id="dapp-url"
                data-testid="dapp-url"
                placeholder="https://"
                value={input}
                onChange={(event) => setInput(event.target.value)}
              />
              <Button
                type="primary"
                htmlType="submit"
                disabled={!detail || walletOff}
                data-testid="dapp-open"
              >
                {t('url.open')}
              </Button>
            </Stack.Compact>
          </Form.Item>
        </Form>
        {wallet.isError ? (
          <QueryError title={t('wallet.loadError')} error={wallet.error} onRetry={() => wallet.refetch()} />
        ) : null}
        {walletOff ? (
          <Alert
            type="warning"
            showIcon
            data-testid="dapp-wallet-off"
            message={t('walletOff.title', { wallet: detail?.name })}
            description={
              <>
                {t('walletOff.text')} <Link to={`/wallet/detail/${walletId}`}>{t('walletOff.link')}</Link>
              </>
            }
          />
        ) : null}
      </Card>
      {walletconnect ? (
        <WalletConnectPanel
          config={walletconnect}
          safes={safeEntries}
          selected={
            detail && !walletOff ? (safeEntries.find((entry) => entry.walletId === walletId) ?? null) : null
          }
        />
      ) : null}
      {detail && chain && opened && !walletOff ? (
        <SafeAppFrame key={`${detail.wallet_id}:${opened.href}`} url={opened} wallet={detail} chain={chain} />
      ) : null}
      <DappCatalogue
        {...(detail ? { chainKey: detail.chain_id } : {})}
        onUse={(url) => {
          setInput(url);
          setInvalid(false);
        }}
      />
    </Stack>
  );
}
