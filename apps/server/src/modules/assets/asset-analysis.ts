import { storedExchangeTotal } from '../exchanges/exchange-reads';
import {
  PERIOD_DAYS,
  RANGE_DAYS,
  SMALL_ASSET_USD,
  type AmountTrend,
  type AssetRange,
  type AssetTrend,
  type FlowAnalysis,
  type FlowPeriod,
  type TotalAsset,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import { priceBook } from '../prices/prices';
import { utcDay } from '../prices/price-book';
import { add, compare, fromScaled, multiply, round, toScaled } from '../wallets/decimal';
import {
  cachedBalances,
  chainTokens,
  percentOf,
  walletValueUsd,
  type WalletToken,
} from '../wallets/wallet-assets';
import { daysBetween } from './asset-backfill';
import * as repo from './asset-repository';
import type { AssetScope } from './asset-repository';
import { usdValue } from './snapshot-rows';

const DAY_MS = 86_400_000;
const dayBefore = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS));

function trendOf(change: string): AmountTrend {
  const sign = compare(change, '0');
  return sign > 0 ? 'increase' : sign < 0 ? 'decrease' : 'invariability';
}

/** Signed a − b (decimal.subtract stops at zero). */
const minus = (a: string, b: string) => fromScaled(toScaled(a, 8) - toScaled(b, 8), 8);

/** Each day of [from, to] with its value, a day without a snapshot carrying the one before it. */
export async function trendPoints(ctx: AppContext, scope: AssetScope, from: string, to: string) {
  const [rows, before] = await Promise.all([
    repo.dailyValues(ctx.db, scope, from, to),
    repo.valueBefore(ctx.db, scope, from),
  ]);
  const byDay = new Map(rows.map((row) => [row.day, row.value]));
  let last = before;
  const points: Array<{ day: string; value: string }> = [];
  for (const day of daysBetween(from, to)) {
    last = byDay.get(day) ?? last;
    // Before the first snapshot there is nothing to show: those days are left out, not zero.
    if (last !== null) points.push({ day, value: round(last, 2) });
  }
  return points;
}

export async function assetTrend(ctx: AppContext, scope: AssetScope, range: AssetRange): Promise<AssetTrend> {
  const today = utcDay(new Date());
  const points = await trendPoints(ctx, scope, dayBefore(today, RANGE_DAYS[range] - 1), today);
  const change = points.length > 0 ? minus(points.at(-1)!.value, points[0]!.value) : '0';
  return { range, points, change_amount: round(change, 2), amount_trend: trendOf(change) };
}

/** The live value of the scope's wallets, per wallet and per token, from the cached balances. */
async function liveHoldings(ctx: AppContext, scope: AssetScope) {
  const ids = scope.wallets.map((w) => w.id);
  const [balances, custom] = await Promise.all([
    cachedBalances(ctx.db, ids),
    ids.length === 0
      ? []
      : ctx.db
          .selectFrom('wallet_tokens')
          .select(['wallet_id', 'contract', 'symbol', 'decimals'])
          .where('wallet_id', 'in', ids)
          .execute(),
  ]);
  const byToken = new Map<string, { amount: string; value: string }>();
  const byWallet = scope.wallets.map((wallet) => {
    let tokens: WalletToken[] = [];
    try {
      tokens = chainTokens(
        ctx,
        wallet.chain_key,
        custom.filter((row) => row.wallet_id === wallet.id),
      );
    } catch {
      // a chain no longer configured: counted at 0
    }
    const held = balances.get(wallet.id) ?? new Map<string, string>();
    for (const token of tokens) {
      const raw = BigInt(held.get(token.key) ?? '0');
      if (raw === 0n) continue;
      const entry = byToken.get(token.symbol) ?? { amount: '0', value: '0' };
      byToken.set(token.symbol, {
        amount: add(entry.amount, fromScaled(raw, token.decimals), 18),
        value: add(entry.value, usdValue(raw, token.decimals, priceBook().usd(token.symbol))),
      });
    }
    return { ...wallet, value: walletValueUsd(tokens, held) };
  });
  return { byToken, byWallet };
}

/** The asset home's figures and the asset statistics tables (per token, wallet and chain). */
export async function totalAsset(
  ctx: AppContext,
  scope: AssetScope,
  hideSmall: boolean,
  /** Whose exchange accounts to total: a member's id, null for an admin (all); absent: none (exports). */
  exchangeViewer?: number | null,
): Promise<TotalAsset> {
  await priceBook().load(ctx.db);
  const today = utcDay(new Date());
  const [{ byToken, byWallet }, transactions, yesterday, updated, exchangeTotal] = await Promise.all([
    liveHoldings(ctx, scope),
    repo.recordCount(ctx.db, scope),
    repo.valueBefore(ctx.db, scope, today),
    scope.wallets.length === 0
      ? null
      : ctx.db
          .selectFrom('wallet_balances')
          .select((eb) => eb.fn.max('updated_at').as('at'))
          .where(
            'wallet_id',
            'in',
            scope.wallets.map((w) => w.id),
          )
          .executeTakeFirst(),
    exchangeViewer === undefined
      ? null
      : storedExchangeTotal(ctx, { organizationId: scope.organizationId, visibleTo: exchangeViewer }),
  ]);
  const total = byWallet.reduce((sum, wallet) => add(sum, wallet.value), '0');
  const small = (value: string) => hideSmall && compare(value, SMALL_ASSET_USD) < 0;
  const chains = new Map<string, { wallet_num: number; value: string }>();
  for (const wallet of byWallet) {
    const entry = chains.get(wallet.chain_key) ?? { wallet_num: 0, value: '0' };
    chains.set(wallet.chain_key, { wallet_num: entry.wallet_num + 1, value: add(entry.value, wallet.value) });
  }
  const change = yesterday === null ? null : minus(total, yesterday);
  const byValue = <T extends { value: string }>(a: T, b: T) => compare(b.value, a.value);
  return {
    total_amount: round(total, 2),
    change_amount: change === null ? null : round(change, 2),
    change_rate: change === null || compare(yesterday!, '0') === 0 ? null : percentOf(change, yesterday!),
    amount_trend: trendOf(change ?? '0'),
    currency: 'USD',
    wallet_num: scope.wallets.length,
    transaction_num: transactions,
    prices: priceBook().state(),
    by_token: [...byToken.entries()]
      .map(([symbol, entry]) => ({ symbol, ...entry }))
      .filter((entry) => !small(entry.value))
      .sort(byValue)
      .map((entry) => ({
        symbol: entry.symbol,
        amount: entry.amount,
        price: priceBook().usd(entry.symbol),
        value: round(entry.value, 2),
        proportion: percentOf(entry.value, total),
      })),
    by_wallet: byWallet
      .filter((wallet) => !small(wallet.value))
      .sort(byValue)
      .map((wallet) => ({
        wallet_id: wallet.id,
        name: wallet.name,
        chain_key: wallet.chain_key,
        value: round(wallet.value, 2),
        proportion: percentOf(wallet.value, total),
      })),
    by_chain: [...chains.entries()]
      .map(([chainKey, entry]) => ({ chain_key: chainKey, chain_name: chainName(ctx, chainKey), ...entry }))
      .sort(byValue)
      .map((entry) => ({
        ...entry,
        value: round(entry.value, 2),
        proportion: percentOf(entry.value, total),
      })),
    exchange_total: exchangeTotal,
    update_time: updated?.at ? new Date(updated.at).toISOString() : null,
  };
}

export function chainName(ctx: AppContext, chainKey: string): string {
  try {
    return ctx.chains.chainInfo(chainKey).name;
  } catch {
    return chainKey;
  }
}

/** Historical transaction analysis: inflow and outflow per day, per token and per fund purpose. */
export async function flowAnalysis(
  ctx: AppContext,
  scope: AssetScope,
  period: FlowPeriod,
): Promise<FlowAnalysis> {
  await priceBook().load(ctx.db);
  const today = utcDay(new Date());
  const from = dayBefore(today, PERIOD_DAYS[period] - 1);
  const [sums, purposes, fees] = await Promise.all([
    repo.recordGroups(ctx.db, scope, from),
    repo.outflowByPurpose(ctx.db, scope, from),
    repo.feesPaid(ctx.db, scope, from),
  ]);
  // Records without a price of their own are valued at today's.
  const valued = (row: { symbol: string; amount: string; decimals: number; price: string | null }) =>
    multiply(fromScaled(BigInt(row.amount), row.decimals), row.price ?? priceBook().usd(row.symbol) ?? '0');
  const empty = () => ({ inflow_value: '0', outflow_value: '0', in_count: 0, out_count: 0 });
  const days = new Map(daysBetween(from, today).map((day) => [day, empty()]));
  const tokens = new Map<string, ReturnType<typeof empty> & { inflow: string; outflow: string }>();
  const totals = empty();
  for (const row of sums) {
    const value = valued(row);
    const inflow = row.direction === 1;
    const amount = fromScaled(BigInt(row.amount), row.decimals);
    const token = tokens.get(row.symbol) ?? { ...empty(), inflow: '0', outflow: '0' };
    for (const target of [days.get(row.day), token, totals]) {
      if (!target) continue;
      if (inflow) {
        target.inflow_value = add(target.inflow_value, value);
        target.in_count += row.records;
      } else {
        target.outflow_value = add(target.outflow_value, value);
        target.out_count += row.records;
      }
    }
    if (inflow) token.inflow = add(token.inflow, amount, 18);
    else token.outflow = add(token.outflow, amount, 18);
    tokens.set(row.symbol, token);
  }
  let feeValue = '0';
  for (const fee of fees) {
    const info = ctx.chains.chainInfo(fee.chain_key);
    feeValue = add(
      feeValue,
      usdValue(BigInt(fee.fee), info.nativeDecimals, priceBook().usd(info.nativeSymbol)),
    );
  }
  const purposeTotals = new Map<
    number | null,
    { name: string | null; outflow_value: string; out_count: number }
  >();
  for (const row of purposes) {
    const entry = purposeTotals.get(row.label_id) ?? { name: row.name, outflow_value: '0', out_count: 0 };
    entry.outflow_value = add(entry.outflow_value, valued(row));
    entry.out_count += row.records;
    purposeTotals.set(row.label_id, entry);
  }
  const money = <T extends ReturnType<typeof empty>>(figures: T) => ({
    ...figures,
    inflow_value: round(figures.inflow_value, 2),
    outflow_value: round(figures.outflow_value, 2),
  });
  return {
    period,
    days: [...days.entries()].map(([day, figures]) => ({ day, ...money(figures) })),
    totals: { ...money(totals), fee_value: round(feeValue, 2) },
    by_token: [...tokens.entries()].map(([symbol, figures]) => ({ symbol, ...money(figures) })),
    by_purpose: [...purposeTotals.entries()].map(([labelId, entry]) => ({
      label_id: labelId,
      name: entry.name,
      outflow_value: round(entry.outflow_value, 2),
      out_count: entry.out_count,
    })),
  };
}
