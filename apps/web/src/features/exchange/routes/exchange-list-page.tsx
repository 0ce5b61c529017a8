import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Empty, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { WalletTabs } from '@/features/wallet';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExchangeAssetTotal } from '../api/get-asset-total';
import { useExchangeAccounts, type ExchangeAccountItem } from '../api/list-exchange-accounts';
import { AddExchangeModal } from '../components/add/add-exchange-modal';
import { ExchangeAccountsTable } from '../components/exchange-accounts-table';
import { exchangePath } from '../exchange-path';
import { ExchangeTotals } from '../components/exchange-totals';

/**
 * /wallet/exchange-wallet: the space's exchange API accounts with their USD values and the total,
 * and (admins) the add-exchange wizard, also opened by ?add=1 (the create-wallet type chooser).
 */
export default function ExchangeListPage() {
  const { t } = useLazyTranslation('exchange');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const spaceId = useSelectedSpaceId();
  const info = useOrganizationBaseInfo(spaceId);
  const privileged = info.data ? isPrivileged(info.data) : false;
  const accounts = useExchangeAccounts(spaceId);
  const rows = accounts.data?.list ?? [];
  const total = useExchangeAssetTotal(spaceId, undefined, rows.length > 0);
  const adding = privileged && params.get('add') === '1';
  const setAdding = (open: boolean) => setParams(open ? { add: '1' } : {}, { replace: true });
  const amountOf = (row: ExchangeAccountItem) =>
    row.amount ?? total.data?.list.find((line) => line.wallet_id === row.wallet_id)?.amount ?? null;

  const addButton = privileged ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="exchange-add">
      {t('list.add')}
    </Button>
  ) : null;

  return (
    <div data-testid="wallet-exchange-page">
      {/* With no account yet the empty card offers the button instead. */}
      <PageHeader
        title={t('wallets:list.title')}
        description={t('list.description')}
        extra={rows.length > 0 ? addButton : null}
      />
      <WalletTabs />
      {accounts.isError && !accounts.data ? (
        <QueryError
          title={t('list.loadError')}
          error={accounts.error}
          onRetry={() => accounts.refetch()}
          retrying={accounts.isFetching}
          testId="exchange-list-error"
        />
      ) : accounts.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            data-testid="exchange-empty"
            description={
              <span>
                <strong style={{ display: 'block', color: 'rgba(0,0,0,0.75)' }}>{t('list.empty')}</strong>
                {privileged ? t('list.emptyHint') : t('list.emptyHintMember')}
              </span>
            }
          >
            {addButton}
          </Empty>
        </Card>
      ) : (
        <>
          <ExchangeTotals total={total} accounts={accounts.data.total} />
          <Card styles={{ body: { padding: 0 } }}>
            <ExchangeAccountsTable rows={rows} amountOf={amountOf} />
          </Card>
        </>
      )}
      <AddExchangeModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(account) => void navigate(exchangePath(account.wallet_id))}
      />
    </div>
  );
}
