import { useSearchParams } from 'react-router';
import { Button, Space, Switch, Tabs, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useAssetShow, useSaveAssetShow } from '../api/asset-show';
import { useTotalAsset } from '../api/get-total-asset';
import { useWalletNum } from '../api/get-wallet-num';
import { OverviewTab } from '../components/overview-tab';
import { PnlTab } from '../components/pnl-tab';
import { StatisticsTab } from '../components/statistics-tab';
import { StalePrices } from '../components/summary-cards';
import { TransactionsTab } from '../components/transactions-tab';
import { useMoney } from '../components/use-money';

const TABS = ['overview', 'statistics', 'transactions', 'pnl'] as const;
type Tab = (typeof TABS)[number];

/**
 * /asset: the asset home (§2: total, change, wallets, transactions, trend, latest transfers) and the
 * asset analysis (statistics, historical transactions, profit and loss), in the user's currency.
 * The eye hides amounts and the switch hides small assets; both are remembered (POST /asset-show).
 */
export default function AssetPage() {
  const { t } = useLazyTranslation('asset');
  const spaceId = useSelectedSpaceId() ?? '';
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'overview';
  const show = useAssetShow();
  const save = useSaveAssetShow();
  const hideSmall = show.data?.hide_small ?? false;
  const money = useMoney();
  // The choices load first, so the total is asked once, with the remembered hide-small.
  const total = useTotalAsset(spaceId, hideSmall, !show.isPending);
  const walletNum = useWalletNum(spaceId);

  const choose = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'overview') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <div data-testid="asset-page">
      <PageHeader
        title={t('title')}
        description={t('description', { currency: money.currency })}
        extra={
          <Space wrap size={16}>
            <Tooltip title={money.hidden ? t('showAmount') : t('hideAmount')}>
              <Button
                icon={money.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                aria-label={money.hidden ? t('showAmount') : t('hideAmount')}
                aria-pressed={money.hidden}
                onClick={() => save.mutate({ show_amount: money.hidden })}
                data-testid="asset-show-amount"
                data-shown={String(!money.hidden)}
              />
            </Tooltip>
            <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
              <Switch
                size="small"
                checked={hideSmall}
                loading={show.isPending}
                onChange={(checked) => save.mutate({ hide_small: checked })}
                data-testid="asset-hide-small"
              />
              <Typography.Text>{t('hideSmall')}</Typography.Text>
            </label>
          </Space>
        }
      />
      {total.data ? <StalePrices prices={total.data.prices} /> : null}
      <Tabs
        activeKey={tab}
        onChange={choose}
        destroyOnHidden
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`asset-tab-${key}`}>{t(`tabs.${key}`)}</span>,
          children:
            key === 'overview' ? (
              <OverviewTab spaceId={spaceId} total={total} walletNum={walletNum} />
            ) : key === 'statistics' ? (
              <StatisticsTab total={total} hideSmall={hideSmall} />
            ) : key === 'transactions' ? (
              <TransactionsTab spaceId={spaceId} />
            ) : (
              <PnlTab spaceId={spaceId} />
            ),
        }))}
      />
    </div>
  );
}
