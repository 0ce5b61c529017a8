import { Alert, Card, Grid, Space, Table, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useProfitLoss } from '../api/get-profit-loss';
import { AssetError } from './asset-error';
import { ExportButton } from './export-button';
import { PnlCards } from './pnl-cards';
import { PnlResult, PnlToken, SignedMoney, type TokenPnl } from './pnl-bits';
import { StalePrices } from './summary-cards';
import { useMoney } from './use-money';

/** Profit and loss per token (§3: profit 1, loss 2) with the cost method named, and the totals. */
export function PnlTab({ spaceId }: { spaceId: string }) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  const screens = Grid.useBreakpoint();
  const pnl = useProfitLoss(spaceId);
  if (pnl.isError && !pnl.data)
    return (
      <AssetError title={t('errors.pnl')} error={pnl.error} onRetry={pnl.refetch} retrying={pnl.isFetching} />
    );
  const data = pnl.data;
  const plain = (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{money.format(value)}</span>;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {data ? <StalePrices prices={data.prices} /> : null}
      <Alert
        type="info"
        showIcon
        data-testid="asset-pnl-method"
        message={t('pnl.method', { method: t(`pnl.methods.${data?.method ?? 'FIFO'}`) })}
        description={t('pnl.methodHint')}
      />
      <Card
        title={t('pnl.title')}
        extra={<ExportButton what={{ table: 'profit_loss' }} label={t('pnl.title')} />}
        styles={{ body: { padding: 0 } }}
      >
        {screens.md === false ? (
          <PnlCards data={data} loading={pnl.isPending} />
        ) : (
          <Table<TokenPnl>
            rowKey="symbol"
            size="small"
            loading={pnl.isPending}
            pagination={false}
            dataSource={data?.tokens ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('pnl.empty') }}
            onRow={(row) => ({ 'data-testid': `asset-pnl-row-${row.symbol}` }) as never}
            columns={[
              {
                title: t('pnl.token'),
                dataIndex: 'symbol',
                fixed: 'left',
                render: (_: string, row) => <PnlToken row={row} />,
              },
              { title: t('pnl.averageCost'), dataIndex: 'average_cost', align: 'right', render: plain },
              { title: t('pnl.price'), dataIndex: 'price', align: 'right', render: plain },
              { title: t('pnl.costBasis'), dataIndex: 'cost_basis', align: 'right', render: plain },
              { title: t('pnl.marketValue'), dataIndex: 'market_value', align: 'right', render: plain },
              {
                title: t('pnl.realised'),
                dataIndex: 'realised',
                align: 'right',
                render: (value: string) => <SignedMoney value={value} />,
              },
              {
                title: t('pnl.unrealised'),
                dataIndex: 'unrealised',
                align: 'right',
                render: (value: string) => <SignedMoney value={value} />,
              },
              {
                title: t('pnl.total'),
                dataIndex: 'total',
                align: 'right',
                render: (value: string) => <SignedMoney value={value} testId="asset-pnl-total" />,
              },
              {
                title: t('pnl.result'),
                dataIndex: 'profit_loss',
                align: 'center',
                render: (value: 1 | 2) => <PnlResult value={value} testId="asset-pnl-result" />,
              },
            ]}
            summary={() =>
              data && data.tokens.length > 0 ? (
                <Table.Summary.Row data-testid="asset-pnl-totals">
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('pnl.totals')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} colSpan={2} />
                  <Table.Summary.Cell index={3} align="right">
                    {plain(data.totals.cost_basis)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {plain(data.totals.market_value)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    <SignedMoney value={data.totals.realised} />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    <SignedMoney value={data.totals.unrealised} />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} align="right">
                    <SignedMoney value={data.totals.total} testId="asset-pnl-totals-total" />
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={8} align="center">
                    <PnlResult value={data.totals.profit_loss} testId="asset-pnl-totals-result" />
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
          />
        )}
      </Card>
    </Space>
  );
}
