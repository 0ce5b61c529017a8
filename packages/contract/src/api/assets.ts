import { z } from 'zod';
import { decimalString, isoTime } from './reply';

/**
 * §2 asset home and asset analysis; §7 /wallets/total-asset, /wallets/statistics, /wallets/num,
 * /asset-show, /currency/exchange-rate and the analysis calls. Every value is in USD, rounded to
 * two decimals (§9); the web converts with /currency/exchange-rate into the user's currency.
 * Admins count every wallet of the space, other members the wallets they have a role on or sign
 * for; archived wallets are left out.
 */

/** §9 chart ranges. */
export const ASSET_RANGES = ['7D', '30D', '90D', '1Y'] as const;
export type AssetRange = (typeof ASSET_RANGES)[number];
export const RANGE_DAYS: Record<AssetRange, number> = { '7D': 7, '30D': 30, '90D': 90, '1Y': 365 };

/** §9 time-range filters of the transaction analysis. */
export const FLOW_PERIODS = ['1W', '3W', '1M'] as const;
export type FlowPeriod = (typeof FLOW_PERIODS)[number];
export const PERIOD_DAYS: Record<FlowPeriod, number> = { '1W': 7, '3W': 21, '1M': 30 };

/** §3 enumerations: amount trend (AmountTrend in enums.ts); profit 1, loss 2 (ProfitLoss). */
export const AMOUNT_TRENDS = ['increase', 'decrease', 'invariability'] as const;

/** §9 hide small assets under 1 USD. */
export const SMALL_ASSET_USD = '1';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** Where a price came from and whether it is older than the source promises. */
export const priceState = z.object({
  source: z.enum(['table', 'http']),
  updated_at: isoTime.nullable(),
  /** True when the last fetch failed or the kept price is older than two refresh intervals. */
  stale: z.boolean(),
});
export type PriceState = z.infer<typeof priceState>;

/** GET /wallets/num: the wallets counted, by chain. */
export const walletNumReply = z.object({
  wallet_num: z.number(),
  by_chain: z.array(z.object({ chain_key: z.string(), chain_name: z.string(), wallet_num: z.number() })),
});
export type WalletNum = z.infer<typeof walletNumReply>;

export const totalAssetQuery = z.object({ hide_small: flag });

const share = { value: decimalString, proportion: decimalString };

/** GET /wallets/total-asset: the asset home's figures and the asset statistics tables. */
export const totalAssetReply = z.object({
  total_amount: decimalString,
  /** Against the total of the day before (its snapshot); null before the first snapshot. */
  change_amount: decimalString.nullable(),
  change_rate: decimalString.nullable(),
  amount_trend: z.enum(AMOUNT_TRENDS),
  currency: z.literal('USD'),
  wallet_num: z.number(),
  transaction_num: z.number(),
  prices: priceState,
  by_token: z.array(
    z.object({ symbol: z.string(), amount: decimalString, price: decimalString.nullable(), ...share }),
  ),
  by_wallet: z.array(z.object({ wallet_id: z.number(), name: z.string(), chain_key: z.string(), ...share })),
  by_chain: z.array(
    z.object({ chain_key: z.string(), chain_name: z.string(), wallet_num: z.number(), ...share }),
  ),
  /** USD of the exchange accounts in view, from their last read balances (not in total_amount); null without any, or when one is unread or unpriced. */
  exchange_total: decimalString.nullable(),
  update_time: isoTime.nullable(),
});
export type TotalAsset = z.infer<typeof totalAssetReply>;

/** GET /wallets/statistics: the asset trend, one point per day from the daily snapshots. */
export const assetTrendQuery = z.object({
  range: z.enum(ASSET_RANGES).default('30D'),
  wallet_id: z.coerce.number().int().positive().optional(),
});
export const assetTrendReply = z.object({
  range: z.enum(ASSET_RANGES),
  points: z.array(z.object({ day: z.iso.date(), value: decimalString })),
  change_amount: decimalString,
  amount_trend: z.enum(AMOUNT_TRENDS),
});
export type AssetTrend = z.infer<typeof assetTrendReply>;

/** GET /asset/transactions: historical transaction analysis over a period (§9 time filters). */
export const flowQuery = z.object({
  period: z.enum(FLOW_PERIODS).default('1W'),
  wallet_id: z.coerce.number().int().positive().optional(),
});
const flowFigures = {
  inflow_value: decimalString,
  outflow_value: decimalString,
  in_count: z.number(),
  out_count: z.number(),
};
export const flowReply = z.object({
  period: z.enum(FLOW_PERIODS),
  days: z.array(z.object({ day: z.iso.date(), ...flowFigures })),
  totals: z.object({ ...flowFigures, fee_value: decimalString }),
  by_token: z.array(
    z.object({ symbol: z.string(), inflow: decimalString, outflow: decimalString, ...flowFigures }),
  ),
  /** Outgoing value per fund purpose (label); label_id null: none set. */
  by_purpose: z.array(
    z.object({
      label_id: z.number().nullable(),
      name: z.string().nullable(),
      outflow_value: decimalString,
      out_count: z.number(),
    }),
  ),
});
export type FlowAnalysis = z.infer<typeof flowReply>;

/** GET /asset/profit-loss: per token, FIFO cost basis, realised and unrealised profit and loss. */
export const profitLossQuery = z.object({ wallet_id: z.coerce.number().int().positive().optional() });
const pnlFigures = {
  cost_basis: decimalString,
  market_value: decimalString,
  realised: decimalString,
  unrealised: decimalString,
  total: decimalString,
  /** §3: 1 profit, 2 loss (a total of 0 counts as profit). */
  profit_loss: z.union([z.literal(1), z.literal(2)]),
};
export const profitLossReply = z.object({
  method: z.literal('FIFO'),
  tokens: z.array(
    z.object({
      symbol: z.string(),
      /** What the records leave held (in lots with a cost). */
      holding: decimalString,
      average_cost: decimalString.nullable(),
      price: decimalString.nullable(),
      /** Records with no price at their time (no cost price noted, no daily price): valued at today's. */
      unpriced_records: z.number(),
      ...pnlFigures,
    }),
  ),
  totals: z.object(pnlFigures),
  prices: priceState,
});
export type ProfitLossReport = z.infer<typeof profitLossReply>;

/** GET /asset/export: one analysis table as CSV (formula-safe cells). */
export const ASSET_TABLES = ['token', 'wallet', 'chain', 'trend', 'transactions', 'profit_loss'] as const;
export const assetExportQuery = z.object({
  table: z.enum(ASSET_TABLES),
  range: z.enum(ASSET_RANGES).default('30D'),
  period: z.enum(FLOW_PERIODS).default('1W'),
  hide_small: flag,
});

/** GET and POST /asset-show: the user's display choices on the asset pages. */
export const assetShowReply = z.object({ show_amount: z.boolean(), hide_small: z.boolean() });
export const assetShowBody = assetShowReply.partial();
export type AssetShow = z.infer<typeof assetShowReply>;

/** GET /currency/exchange-rate: units of each currency per US dollar. */
export const exchangeRateReply = z.object({
  base: z.literal('USD'),
  rates: z.array(z.object({ currency: z.string(), rate: decimalString })),
  state: priceState,
});
export type ExchangeRates = z.infer<typeof exchangeRateReply>;
