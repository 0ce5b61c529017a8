import { describe, expect, it } from 'vitest';
import { judgeOrder, type OrderToJudge, type StoredRule, type Strategy, type Usage } from './risk-judge';

const none: Usage = { bought: '0', sold: '0', bought_usdt: '0', sold_usdt: '0' };
const rule = (over: Partial<StoredRule> = {}): StoredRule => ({
  trade_category: 1,
  symbols: ['BTC/USDT'],
  max_order_amount: null,
  max_order_usdt: null,
  buy_limit: null,
  sell_limit: null,
  buy_limit_usdt: null,
  sell_limit_usdt: null,
  borrow_limit: null,
  contract_lever: null,
  ...over,
});
const strategy = (rules: StoredRule[], over: Partial<Strategy> = {}): Strategy => ({
  tactic_type: 1,
  status: 1,
  rules,
  ...over,
});
const order = (over: Partial<OrderToJudge> = {}): OrderToJudge => ({
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  side: 'buy',
  trade_category: 1,
  amount: '0.5',
  notional_usdt: '30000',
  leverage: null,
  ...over,
});

describe('judgeOrder (the risk-control rules)', () => {
  it('refuses by default: no strategy, one not in effect, no rule for the category', () => {
    expect(judgeOrder(null, order(), none)?.reason).toBe('risk_no_rule');
    expect(judgeOrder(strategy([rule()], { status: 3 }), order(), none)?.reason).toBe('risk_not_effective');
    expect(judgeOrder(strategy([rule()]), order({ trade_category: 8 }), none)).toMatchObject({
      reason: 'risk_no_rule',
      value: '8',
    });
  });

  it('whitelists pairs (tactic 1) or both coins of the pair (tactic 2)', () => {
    expect(judgeOrder(strategy([rule()]), order(), none)).toBeNull();
    expect(judgeOrder(strategy([rule()]), order({ symbol: 'ETH/USDT', base: 'ETH' }), none)?.reason).toBe(
      'risk_symbol',
    );
    const coins = strategy([rule({ symbols: ['BTC', 'USDT'] })], { tactic_type: 2 });
    expect(judgeOrder(coins, order(), none)).toBeNull();
    expect(judgeOrder(coins, order({ symbol: 'BTC/USDC', quote: 'USDC' }), none)?.reason).toBe('risk_symbol');
  });

  it('per-order maxima: exactly at the limit passes, one unit over refuses', () => {
    const s = strategy([rule({ max_order_amount: '0.5', max_order_usdt: '30000' })]);
    expect(judgeOrder(s, order(), none)).toBeNull();
    expect(judgeOrder(s, order({ amount: '0.500000000000000001' }), none)).toMatchObject({
      reason: 'risk_max_order_amount',
      max: '0.5',
      value: '0.500000000000000001',
    });
    expect(judgeOrder(s, order({ notional_usdt: '30000.01' }), none)).toMatchObject({
      limit: 'max_order_usdt',
      max: '30000',
    });
  });

  it('buy and sell limits count the window plus this order, each side on its own', () => {
    const s = strategy([rule({ buy_limit: '1', sell_limit_usdt: '50000' })]);
    const used: Usage = { bought: '0.5', sold: '3', bought_usdt: '0', sold_usdt: '20000' };
    expect(judgeOrder(s, order({ amount: '0.5' }), used)).toBeNull();
    expect(judgeOrder(s, order({ amount: '0.6' }), used)).toMatchObject({
      reason: 'risk_buy_limit',
      value: '1.1',
    });
    // Selling 3 already is no limit on selling in coin; the USDT sell limit is.
    expect(judgeOrder(s, order({ side: 'sell', notional_usdt: '30000' }), used)).toBeNull();
    expect(judgeOrder(s, order({ side: 'sell', notional_usdt: '30000.5' }), used)).toMatchObject({
      reason: 'risk_sell_limit_usdt',
      value: '50000.5',
    });
  });

  it('a USDT limit without a price refuses; without USDT limits the price is not needed', () => {
    expect(
      judgeOrder(strategy([rule({ max_order_usdt: '1' })]), order({ notional_usdt: null }), none)?.reason,
    ).toBe('risk_price_unknown');
    expect(
      judgeOrder(strategy([rule({ max_order_amount: '1' })]), order({ notional_usdt: null }), none),
    ).toBeNull();
  });

  it('caps leverage on perpetual-type categories only', () => {
    const perp = strategy([rule({ trade_category: 2, contract_lever: 10 })]);
    expect(judgeOrder(perp, order({ trade_category: 2, leverage: 10 }), none)).toBeNull();
    expect(judgeOrder(perp, order({ trade_category: 2, leverage: 11 }), none)).toMatchObject({
      reason: 'risk_contract_lever',
      max: '10',
      value: '11',
    });
    const spot = strategy([rule({ contract_lever: 2 })]);
    expect(judgeOrder(spot, order({ leverage: 5 }), none)).toBeNull();
  });

  it('a perpetual BTC/USDT:USDT is whitelisted by its pair BTC/USDT under the perpetual rule', () => {
    const perp = strategy([rule({ trade_category: 2, contract_lever: 10 })]);
    const swap = order({ symbol: 'BTC/USDT:USDT', trade_category: 2, leverage: 5 });
    expect(judgeOrder(perp, swap, none)).toBeNull();
    expect(judgeOrder(perp, { ...swap, symbol: 'ETH/USDT:USDT', base: 'ETH' }, none)).toMatchObject({
      reason: 'risk_symbol',
      value: 'ETH/USDT:USDT',
    });
    // The spot rule does not cover the perpetual (deny by default).
    expect(judgeOrder(strategy([rule()]), swap, none)?.reason).toBe('risk_no_rule');
  });
});
