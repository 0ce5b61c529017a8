import { useMemo, useState } from 'react';
import { Card, Segmented } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TotalAsset } from '../api/get-total-asset';
import { AssetError } from './asset-error';
import { EChart } from './echart';
import { useMoney } from './use-money';

type By = 'token' | 'wallet';

/** How the total splits by token or by wallet (the hide-small switch applies). */
export function DistributionCard(props: {
  data?: TotalAsset;
  loading: boolean;
  error: unknown;
  onRetry: () => unknown;
  retrying: boolean;
}) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  const [by, setBy] = useState<By>('token');
  const drawn = useMemo(() => {
    const lines =
      by === 'token'
        ? (props.data?.by_token ?? []).map((line) => ({ name: line.symbol, value: line.value }))
        : (props.data?.by_wallet ?? []).map((line) => ({ name: line.name, value: line.value }));
    return lines.filter((slice) => Number(slice.value) > 0);
  }, [by, props.data]);
  const option = useMemo(
    () => ({
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (item: { name: string; value: number; percent: number; marker: string }) =>
          `${item.marker} ${item.name}<br/>${money.show(item.value)} · ${item.percent.toFixed(2)}%`,
      },
      legend: { type: 'scroll', bottom: 0, left: 'center' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: drawn.map((slice) => ({ name: slice.name, value: money.convert(slice.value) })),
        },
      ],
    }),
    [drawn, money],
  );
  return (
    <Card
      title={t('distribution.title')}
      style={{ height: '100%' }}
      extra={
        <Segmented<By>
          size="small"
          value={by}
          onChange={setBy}
          options={[
            {
              value: 'token',
              label: <span data-testid="asset-distribution-token">{t('distribution.byToken')}</span>,
            },
            {
              value: 'wallet',
              label: <span data-testid="asset-distribution-wallet">{t('distribution.byWallet')}</span>,
            },
          ]}
        />
      }
    >
      <EChart
        testId="asset-distribution-chart"
        label={t('distribution.title')}
        height={280}
        option={option}
        points={drawn.length}
        loading={props.loading}
        empty={drawn.length === 0}
        error={
          props.error && !props.data ? (
            <AssetError
              title={t('errors.total')}
              error={props.error}
              onRetry={props.onRetry}
              retrying={props.retrying}
            />
          ) : null
        }
      />
    </Card>
  );
}
