import { useMemo, useState } from 'react';
import { Card, Segmented, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ASSET_RANGES } from '@keystead/contract/api/assets';
import { LimitModal, limitFromError, useOrganizationBaseInfo, type LimitInfo } from '@/features/organization';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { assetTrendQuery, useAssetTrend, type AssetRange } from '../api/get-asset-trend';
import { AssetError } from './asset-error';
import { axisNumber } from './asset-format';
import { EChart } from './echart';
import { ExportButton } from './export-button';
import { MASK, useMoney } from './use-money';

/**
 * The asset trend (§2) over 7D / 30D / 90D / 1Y (§9). A range past the plan's historical duration
 * opens the plan limit and the chart keeps the range it had.
 */
export function TrendCard({ spaceId }: { spaceId: string }) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  const client = useQueryClient();
  const space = useOrganizationBaseInfo(spaceId);
  const [range, setRange] = useState<AssetRange>('30D');
  const [asking, setAsking] = useState<AssetRange | null>(null);
  const [limit, setLimit] = useState<LimitInfo | null>(null);
  const trend = useAssetTrend(spaceId, range);

  const choose = async (next: AssetRange) => {
    if (next === range) return;
    setAsking(next);
    try {
      await client.fetchQuery(assetTrendQuery(spaceId, next));
      setRange(next);
    } catch (error) {
      const info = limitFromError(error);
      if (info?.code === 'VIP_PLAN_LIMIT_EXCEEDED_ERROR') {
        const months = space.data?.vip_data.historical_transaction_duration ?? 1;
        setLimit({ ...info, message: t('trend.limit', { count: months }) });
      } else setRange(next); // the failure shows in place, with Retry
    } finally {
      setAsking(null);
    }
  };

  const points = useMemo(() => trend.data?.points ?? [], [trend.data]);
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', confine: true, valueFormatter: (value: number) => money.show(value) },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: points.map((point) => point.day),
        axisLabel: { hideOverlap: true, formatter: (day: string) => day.slice(5) },
      },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: {
          formatter: (value: number) => (money.hidden ? MASK : axisNumber(value, currentLanguage())),
        },
      },
      series: [
        {
          name: t('trend.value', { currency: money.currency }),
          type: 'line',
          smooth: true,
          showSymbol: points.length <= 31,
          areaStyle: { opacity: 0.12 },
          data: points.map((point) => money.convert(point.value)),
        },
      ],
    }),
    [points, money, t],
  );

  return (
    <Card
      title={t('trend.title')}
      style={{ height: '100%' }}
      data-testid="asset-trend"
      data-range={range}
      extra={<ExportButton what={{ table: 'trend', range }} label={t('trend.title')} />}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Segmented<AssetRange>
          value={asking ?? range}
          disabled={asking !== null}
          onChange={(value) => void choose(value)}
          options={ASSET_RANGES.map((value) => ({
            value,
            label: <span data-testid={`asset-range-${value}`}>{t(`ranges.${value}`)}</span>,
          }))}
          data-testid="asset-range"
        />
        <EChart
          testId="asset-trend-chart"
          label={t('trend.title')}
          height={280}
          option={option}
          points={points.length}
          loading={trend.isPending}
          empty={points.length === 0}
          error={
            trend.isError ? (
              <AssetError
                title={t('errors.trend')}
                error={trend.error}
                onRetry={trend.refetch}
                retrying={trend.isFetching}
              />
            ) : null
          }
        />
      </Space>
      <LimitModal limit={limit} space={space.data ?? null} onClose={() => setLimit(null)} />
    </Card>
  );
}
