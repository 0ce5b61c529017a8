import { Descriptions, List } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { ProfitLoss } from '../api/get-profit-loss';
import { PnlResult, PnlToken, SignedMoney } from './pnl-bits';
import { useMoney } from './use-money';

/** Phones: each token's profit and loss as a card (a ten-column table would hide the result). */
export function PnlCards({ data, loading }: { data?: ProfitLoss; loading: boolean }) {
  const { t } = useLazyTranslation('asset');
  const money = useMoney();
  const rows = data ? [...data.tokens.map((row) => ({ key: row.symbol, row })), { key: '', row: null }] : [];
  return (
    <List
      loading={loading}
      dataSource={data && data.tokens.length > 0 ? rows : []}
      locale={{ emptyText: t('pnl.empty') }}
      renderItem={({ key, row }) => {
        const figures = row ?? data!.totals;
        return (
          <List.Item
            style={{ display: 'block', paddingInline: 16 }}
            data-testid={row ? `asset-pnl-row-${key}` : 'asset-pnl-totals'}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: 8 }}>
              {row ? <PnlToken row={row} /> : <strong>{t('pnl.totals')}</strong>}
              <PnlResult
                value={figures.profit_loss}
                testId={row ? 'asset-pnl-result' : 'asset-pnl-totals-result'}
              />
            </div>
            <Descriptions
              size="small"
              column={2}
              colon={false}
              layout="vertical"
              style={{ marginTop: 8 }}
              items={[
                { key: 'cost', label: t('pnl.costBasis'), children: money.format(figures.cost_basis) },
                { key: 'market', label: t('pnl.marketValue'), children: money.format(figures.market_value) },
                {
                  key: 'realised',
                  label: t('pnl.realised'),
                  children: <SignedMoney value={figures.realised} />,
                },
                {
                  key: 'unrealised',
                  label: t('pnl.unrealised'),
                  children: <SignedMoney value={figures.unrealised} />,
                },
                {
                  key: 'total',
                  label: t('pnl.total'),
                  children: (
                    <SignedMoney
                      value={figures.total}
                      testId={row ? 'asset-pnl-total' : 'asset-pnl-totals-total'}
                    />
                  ),
                },
              ]}
            />
          </List.Item>
        );
      }}
    />
  );
}
