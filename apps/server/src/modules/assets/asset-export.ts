import type { AssetRange, FlowPeriod } from '@keystead/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { sendCsv } from '../../lib/csv';
import { assetTrend, flowAnalysis, totalAsset } from './asset-analysis';
import { profitLossOf } from './asset-profit';
import type { AssetScope } from './asset-repository';

type Table = 'token' | 'wallet' | 'chain' | 'trend' | 'transactions' | 'profit_loss';

/** One asset analysis table as CSV: the same figures the page shows (values in USD, 2 decimals). */
export async function assetCsv(
  ctx: AppContext,
  reply: FastifyReply,
  scope: AssetScope,
  query: { table: Table; range: AssetRange; period: FlowPeriod; hide_small: boolean },
) {
  const file = `asset-${query.table.replace('_', '-')}-${scope.organizationId}.csv`;
  switch (query.table) {
    case 'token':
    case 'wallet':
    case 'chain': {
      const total = await totalAsset(ctx, scope, query.hide_small);
      if (query.table === 'token')
        return sendCsv(
          reply,
          file,
          ['symbol', 'amount', 'price_usd', 'value_usd', 'proportion_percent'],
          total.by_token.map((t) => [t.symbol, t.amount, t.price, t.value, t.proportion]),
        );
      if (query.table === 'wallet')
        return sendCsv(
          reply,
          file,
          ['wallet_id', 'name', 'chain', 'value_usd', 'proportion_percent'],
          total.by_wallet.map((w) => [w.wallet_id, w.name, w.chain_key, w.value, w.proportion]),
        );
      return sendCsv(
        reply,
        file,
        ['chain', 'chain_name', 'wallets', 'value_usd', 'proportion_percent'],
        total.by_chain.map((c) => [c.chain_key, c.chain_name, c.wallet_num, c.value, c.proportion]),
      );
    }
    case 'trend': {
      const trend = await assetTrend(ctx, scope, query.range);
      return sendCsv(
        reply,
        file,
        ['day', 'value_usd'],
        trend.points.map((p) => [p.day, p.value]),
      );
    }
    case 'transactions': {
      const flows = await flowAnalysis(ctx, scope, query.period);
      return sendCsv(
        reply,
        file,
        ['day', 'inflow_usd', 'outflow_usd', 'deposits', 'transfers_out'],
        flows.days.map((d) => [d.day, d.inflow_value, d.outflow_value, d.in_count, d.out_count]),
      );
    }
    case 'profit_loss': {
      const pnl = await profitLossOf(ctx, scope);
      return sendCsv(
        reply,
        file,
        [
          'symbol',
          'holding',
          'average_cost_usd',
          'price_usd',
          'cost_basis_usd',
          'market_value_usd',
          'realised_usd',
          'unrealised_usd',
          'total_usd',
          'profit_loss',
        ],
        pnl.tokens.map((t) => [
          t.symbol,
          t.holding,
          t.average_cost,
          t.price,
          t.cost_basis,
          t.market_value,
          t.realised,
          t.unrealised,
          t.total,
          t.profit_loss === 1 ? 'profit' : 'loss',
        ]),
      );
    }
  }
}
