import { useMemo, useState } from 'react';
import { Card, Col, Row, Segmented, Space, Statistic, Table } from 'antd';
import { FLOW_PERIODS } from '@keystead/contract/api/assets';
import { LabelSource } from '@keystead/contract/api/labels';
import { labelName } from '@/features/organization';
import { i18next } from '@/lib/i18n';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useFlowAnalysis, type FlowAnalysis, type FlowPeriod } from '../api/get-flow-analysis';
import { AssetError } from './asset-error';
import { axisNumber, tokenAmount } from './asset-format';
import { EChart } from './echart';
import { ExportButton } from './export-button';
import { MASK, useMoney } from './use-money';

type TokenFlow = FlowAnalysis['by_token'][number];
type PurposeFlow = FlowAnalysis['by_purpose'][number];

const INFLOW = '#52c41a';
const OUTFLOW = '#ff4d4f';

/**
 * Historical transaction analysis over 1 week / 3 weeks / 1 month (§9): inflow and outflow per
 * day, the counts and fees, and the flows by token and by fund purpose.
 */
export function TransactionsTab({ spaceId }: { spaceId: string }) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  const [period, setPeriod] = useState<FlowPeriod>('1W');
  const flow = useFlowAnalysis(spaceId, period);
  const data = flow.data;
  const days = useMemo(() => data?.days ?? [], [data]);
  const moved = days.some(
    (day) => day.in_count + day.out_count > 0 || Number(day.inflow_value) || Number(day.outflow_value),
  );
  // Fund purposes come as the tag's name; a system tag's name is its code, read in the user's language.
  const purposeName = (row: PurposeFlow) => {
    if (row.name === null) return t('flow.noPurpose');
    const system = i18next.exists(`labels.system.${row.name}`, { ns: 'common' });
    return labelName(
      { code: row.name, name: row.name, source: system ? LabelSource.System : LabelSource.Custom },
      t,
    );
  };
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0, data: [t('flow.inflow'), t('flow.outflow')] },
      tooltip: { trigger: 'axis', confine: true, valueFormatter: (value: number) => money.show(value) },
      xAxis: {
        type: 'category',
        data: days.map((day) => day.day),
        axisLabel: { hideOverlap: true, formatter: (day: string) => day.slice(5) },
      },
      yAxis: {
        type: 'value',
        axisLabel: {
          formatter: (value: number) => (money.hidden ? MASK : axisNumber(value, currentLanguage())),
        },
      },
      series: [
        {
          name: t('flow.inflow'),
          type: 'bar',
          itemStyle: { color: INFLOW },
          data: days.map((day) => money.convert(day.inflow_value)),
        },
        {
          name: t('flow.outflow'),
          type: 'bar',
          itemStyle: { color: OUTFLOW },
          data: days.map((day) => money.convert(day.outflow_value)),
        },
      ],
    }),
    [days, money, t],
  );

  return (
    <Space
      direction="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="asset-transactions"
      data-period={period}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between' }}>
        <Segmented<FlowPeriod>
          value={period}
          onChange={setPeriod}
          options={FLOW_PERIODS.map((value) => ({
            value,
            label: <span data-testid={`asset-period-${value}`}>{t(`flow.periods.${value}`)}</span>,
          }))}
        />
        <ExportButton what={{ table: 'transactions', period }} label={t('flow.title')} />
      </div>
      {flow.isError && !data ? (
        <AssetError
          title={t('errors.flow')}
          error={flow.error}
          onRetry={flow.refetch}
          retrying={flow.isFetching}
        />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {(
              [
                ['inCount', String(data?.totals.in_count ?? 0), 'asset-flow-in-count'],
                ['outCount', String(data?.totals.out_count ?? 0), 'asset-flow-out-count'],
                ['inflowValue', money.format(data?.totals.inflow_value), 'asset-flow-inflow'],
                ['outflowValue', money.format(data?.totals.outflow_value), 'asset-flow-outflow'],
                ['fees', money.format(data?.totals.fee_value), 'asset-flow-fees'],
              ] as const
            ).map(([key, value, testId]) => (
              <Col xs={12} md={8} xl={{ flex: '20%' }} key={key}>
                <Card size="small" style={{ height: '100%' }}>
                  <Statistic
                    title={t(`flow.${key}`)}
                    loading={!data}
                    value={value}
                    valueStyle={{ fontSize: 20 }}
                    valueRender={(node) => <span data-testid={testId}>{node}</span>}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Card title={t('flow.title')}>
            <EChart
              testId="asset-flow-chart"
              label={t('flow.title')}
              height={300}
              option={option}
              points={days.length}
              loading={flow.isPending}
              empty={!moved}
            />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Card title={t('flow.byToken')} styles={{ body: { padding: 0 } }}>
                <Table<TokenFlow>
                  rowKey="symbol"
                  size="middle"
                  pagination={false}
                  loading={flow.isFetching && !data}
                  dataSource={data?.by_token ?? []}
                  scroll={{ x: 560 }}
                  locale={{ emptyText: t('noData') }}
                  onRow={(row) => ({ 'data-testid': `asset-flow-token-${row.symbol}` }) as never}
                  columns={[
                    {
                      title: t('flow.token'),
                      dataIndex: 'symbol',
                      render: (symbol: string) => <strong>{symbol}</strong>,
                    },
                    {
                      title: t('flow.inflow'),
                      key: 'in',
                      align: 'right',
                      render: (_: unknown, row) => (
                        <>
                          {money.hidden ? MASK : tokenAmount(row.inflow)} · {money.format(row.inflow_value)}
                          <div style={{ fontSize: 12, opacity: 0.65 }}>
                            {t('flow.count', { count: row.in_count })}
                          </div>
                        </>
                      ),
                    },
                    {
                      title: t('flow.outflow'),
                      key: 'out',
                      align: 'right',
                      render: (_: unknown, row) => (
                        <>
                          {money.hidden ? MASK : tokenAmount(row.outflow)} · {money.format(row.outflow_value)}
                          <div style={{ fontSize: 12, opacity: 0.65 }}>
                            {t('flow.count', { count: row.out_count })}
                          </div>
                        </>
                      ),
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card title={t('flow.byPurpose')} styles={{ body: { padding: 0 } }}>
                <Table<PurposeFlow>
                  rowKey={(row) => String(row.label_id ?? 'none')}
                  size="middle"
                  pagination={false}
                  dataSource={data?.by_purpose ?? []}
                  scroll={{ x: 360 }}
                  locale={{ emptyText: t('noData') }}
                  columns={[
                    { title: t('flow.purpose'), key: 'name', render: (_: unknown, row) => purposeName(row) },
                    {
                      title: t('flow.outflow'),
                      dataIndex: 'outflow_value',
                      align: 'right',
                      render: (value: string) => money.format(value),
                    },
                    { title: t('flow.transfers'), dataIndex: 'out_count', align: 'right' },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}
