import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Card, Result, Skeleton, Space, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ApiKeyType } from '@keystead/contract/enums';
import { QueryError } from '@/components/ui/query-error';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExchangeAccount } from '../api/list-exchange-accounts';
import { DeleteExchangeButton } from '../components/delete-exchange-button';
import { EditExchangeButton } from '../components/edit-exchange-button';
import { ExchangeAssetsTab } from '../components/exchange-assets-tab';
import { ExchangeHeader } from '../components/exchange-header';
import { ExchangeTransfersTab } from '../components/exchange-transfers-tab';
import { ApiKeysTab } from '../components/escrow/api-keys-tab';
import { EscrowLogTab } from '../components/escrow/escrow-log-tab';
import { EscrowSettingsTab } from '../components/escrow/escrow-settings-tab';
import { RiskControlTab } from '../components/escrow/risk-control-tab';

/**
 * /wallet/exchange-wallet/:id: one exchange account: its balances and deposit/withdrawal history,
 * and for a trading or custody key its risk control, platform API key, escrow settings and log;
 * edit its name, remark and viewers, and delete it (admins).
 */
export default function ExchangeDetailPage() {
  const { t } = useLazyTranslation('exchange');
  const navigate = useNavigate();
  const walletId = Number(useParams().id ?? 0);
  const [params, setParams] = useSearchParams();
  const spaceId = useSelectedSpaceId();
  const info = useOrganizationBaseInfo(spaceId);
  const privileged = info.data ? isPrivileged(info.data) : false;
  const accounts = useExchangeAccount(spaceId, walletId);
  const account = accounts.account;
  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      onClick={() => void navigate('/wallet/exchange-wallet')}
      style={{ paddingInline: 0, marginBottom: 8 }}
    >
      {t('detail.back')}
    </Button>
  );

  if (accounts.isError && !accounts.data)
    return (
      <div>
        {back}
        <QueryError
          title={t('detail.loadError')}
          error={accounts.error}
          onRetry={() => accounts.refetch()}
          retrying={accounts.isFetching}
          testId="exchange-detail-error"
        />
      </div>
    );
  if (accounts.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (!account)
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Button onClick={() => void navigate('/wallet/exchange-wallet')}>{t('detail.back')}</Button>}
      />
    );

  const tab = params.get('tab') ?? 'assets';
  const items = [
    { key: 'assets', label: t('detail.tabs.assets'), children: <ExchangeAssetsTab walletId={walletId} /> },
    {
      key: 'transfers',
      label: t('detail.tabs.transfers'),
      children: <ExchangeTransfersTab walletId={walletId} />,
    },
    // Risk control and the platform API place orders: they apply to trading and custody keys, not to read-only ones.
    ...(account.api_key_type === ApiKeyType.Observation
      ? []
      : [
          {
            key: 'risk',
            label: t('detail.tabs.risk'),
            children: <RiskControlTab walletId={walletId} privileged={privileged} />,
          },
          {
            key: 'api-keys',
            label: t('detail.tabs.apiKeys'),
            children: <ApiKeysTab walletId={walletId} privileged={privileged} />,
          },
          {
            key: 'escrow-settings',
            label: t('detail.tabs.escrowSettings'),
            children: <EscrowSettingsTab walletId={walletId} privileged={privileged} />,
          },
          {
            key: 'escrow-log',
            label: t('detail.tabs.escrowLog'),
            children: <EscrowLogTab walletId={walletId} />,
          },
        ]),
  ];

  return (
    <div data-testid="exchange-detail-page">
      {back}
      <ExchangeHeader
        account={account}
        actions={
          privileged ? (
            <Space wrap>
              <EditExchangeButton account={account} />
              <DeleteExchangeButton account={account} />
            </Space>
          ) : null
        }
      />
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={items}
          destroyOnHidden
          data-testid="exchange-detail-tabs"
        />
      </Card>
    </div>
  );
}
