import { PERPETUAL_CATEGORIES, StrategyStatus, TacticType, type ErrorReason } from '@keystead/contract';
import { add, compare } from '../wallets/decimal';

/** A rule as stored (numeric columns as exact decimal strings; null = no limit). */
export interface StoredRule {
  trade_category: number;
  symbols: string[];
  max_order_amount: string | null;
  max_order_usdt: string | null;
  buy_limit: string | null;
  sell_limit: string | null;
  buy_limit_usdt: string | null;
  sell_limit_usdt: string | null;
  borrow_limit: string | null;
  contract_lever: number | null;
}

export interface Strategy {
  tactic_type: number;
  status: number;
  rules: StoredRule[];
}

/** What the order would do, valued before it is judged. */
export interface OrderToJudge {
  /** As ccxt names it: BTC/USDT (spot) or BTC/USDT:USDT (linear perpetual). */
  symbol: string;
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  trade_category: number;
  amount: string;
  /** amount × price in USDT; null when no price is known. */
  notional_usdt: string | null;
  leverage: number | null;
}

/** Accepted and pending orders of the category within the limit window. */
export interface Usage {
  bought: string;
  sold: string;
  bought_usdt: string;
  sold_usdt: string;
}

export interface Refusal {
  reason: ErrorReason;
  /** The rule's field that refused it ('symbols', 'max_order_usdt' …), its limit and the value. */
  limit: string;
  max: string | null;
  value: string | null;
}

const refuse = (reason: ErrorReason, limit: string, max: string | null, value: string | null): Refusal => ({
  reason,
  limit,
  max,
  value,
});

/**
 * Whether the rules let an order through (§3 risk-control rule), or the first limit it breaks.
 * Deny by default: no strategy, a strategy not in effect, or no rule for the order's category
 * refuses. The buy/sell limits count the order itself on top of what the window already holds.
 * A USDT limit that cannot be valued (no price) refuses rather than guess.
 */
export function judgeOrder(strategy: Strategy | null, order: OrderToJudge, usage: Usage): Refusal | null {
  if (!strategy) return refuse('risk_no_rule', 'strategy', null, null);
  if (strategy.status !== StrategyStatus.Effective) return refuse('risk_not_effective', 'status', null, null);
  const rule = strategy.rules.find((r) => r.trade_category === order.trade_category);
  if (!rule) return refuse('risk_no_rule', 'trade_category', null, String(order.trade_category));

  // A pair whitelist names BASE/QUOTE: under a perpetual category's rule, BTC/USDT is the linear
  // swap BTC/USDT:USDT (the rule's category says which market; its settle coin is the quote).
  const listed =
    strategy.tactic_type === TacticType.Pairs
      ? rule.symbols.includes(`${order.base}/${order.quote}`)
      : rule.symbols.includes(order.base) && rule.symbols.includes(order.quote);
  if (!listed) return refuse('risk_symbol', 'symbols', null, order.symbol);

  if (PERPETUAL_CATEGORIES.includes(rule.trade_category) && rule.contract_lever !== null) {
    const lever = order.leverage ?? 1;
    if (lever > rule.contract_lever)
      return refuse('risk_contract_lever', 'contract_lever', String(rule.contract_lever), String(lever));
  }

  const over = (max: string | null, value: string) => max !== null && compare(value, max) > 0;
  if (over(rule.max_order_amount, order.amount))
    return refuse('risk_max_order_amount', 'max_order_amount', rule.max_order_amount, order.amount);

  const buying = order.side === 'buy';
  const coinLimit = buying ? rule.buy_limit : rule.sell_limit;
  const coinTotal = add(buying ? usage.bought : usage.sold, order.amount, 18);
  if (over(coinLimit, coinTotal))
    return refuse(
      buying ? 'risk_buy_limit' : 'risk_sell_limit',
      buying ? 'buy_limit' : 'sell_limit',
      coinLimit,
      coinTotal,
    );

  const usdtLimit = buying ? rule.buy_limit_usdt : rule.sell_limit_usdt;
  const needsValue = rule.max_order_usdt !== null || usdtLimit !== null;
  if (!needsValue) return null;
  if (order.notional_usdt === null) return refuse('risk_price_unknown', 'price', null, null);
  if (over(rule.max_order_usdt, order.notional_usdt))
    return refuse('risk_max_order_usdt', 'max_order_usdt', rule.max_order_usdt, order.notional_usdt);
  const usdtTotal = add(buying ? usage.bought_usdt : usage.sold_usdt, order.notional_usdt, 18);
  if (over(usdtLimit, usdtTotal))
    return refuse(
      buying ? 'risk_buy_limit_usdt' : 'risk_sell_limit_usdt',
      buying ? 'buy_limit_usdt' : 'sell_limit_usdt',
      usdtLimit,
      usdtTotal,
    );
  return null;
}
