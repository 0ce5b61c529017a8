import { ProfitLoss } from '@keystead/contract';
import { formatUnits, fromScaled, round, toScaled } from '../wallets/decimal';

/** Prices and values are kept as integers of 10^-18 USD while lots are matched. */
const SCALE = 18;

export interface PricedRecord {
  symbol: string;
  /** 1 in (a deposit), 2 out (an executed transfer). */
  direction: number;
  /** In the token's smallest unit. */
  amount: string;
  decimals: number;
  /** USD per unit at the record's time; null when none is known. */
  price: string | null;
  /** How many records this line sums (1 for a single record). */
  records?: number;
}

interface Lot {
  amount: bigint;
  price: bigint;
}

/** value of `amount` smallest units at `price` (scaled), scaled. */
const valueOf = (amount: bigint, price: bigint, decimals: number) =>
  (amount * price) / 10n ** BigInt(decimals);
const usd = (scaled: bigint) => round(fromScaled(scaled, SCALE), 2);

/**
 * Profit and loss per token, first in first out (day by day: see recordGroups): every record in
 * is a lot at its price; a record out takes the oldest lots first, and what it realises is its
 * amount × (its price − the lots' cost). What the lots still hold is valued at today's price (unrealised). A record without a
 * price is valued at today's (`unpriced_records` counts them); an outflow beyond the lots (coins
 * held before the records begin) realises nothing.
 */
export function profitAndLoss(records: PricedRecord[], currentPrice: (symbol: string) => string | null) {
  const bySymbol = new Map<string, { decimals: number; lots: Lot[]; realised: bigint; unpriced: number }>();
  for (const record of records) {
    let book = bySymbol.get(record.symbol);
    if (!book)
      bySymbol.set(
        record.symbol,
        (book = { decimals: record.decimals, lots: [], realised: 0n, unpriced: 0 }),
      );
    const now = currentPrice(record.symbol);
    if (record.price === null) book.unpriced += record.records ?? 1;
    const price = toScaled(record.price ?? now ?? '0', SCALE);
    let amount = BigInt(record.amount);
    if (record.direction === 1) {
      book.lots.push({ amount, price });
      continue;
    }
    while (amount > 0n && book.lots.length > 0) {
      const lot = book.lots[0]!;
      const taken = lot.amount < amount ? lot.amount : amount;
      book.realised += valueOf(taken, price - lot.price, book.decimals);
      lot.amount -= taken;
      amount -= taken;
      if (lot.amount === 0n) book.lots.shift();
    }
  }
  const totals = { cost: 0n, market: 0n, realised: 0n };
  const tokens = [...bySymbol.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, book]) => {
      const now = currentPrice(symbol);
      const nowScaled = now === null ? null : toScaled(now, SCALE);
      let holding = 0n;
      let cost = 0n;
      for (const lot of book.lots) {
        holding += lot.amount;
        cost += valueOf(lot.amount, lot.price, book.decimals);
      }
      const market = nowScaled === null ? cost : valueOf(holding, nowScaled, book.decimals);
      totals.cost += cost;
      totals.market += market;
      totals.realised += book.realised;
      return {
        symbol,
        holding: formatUnits(holding, book.decimals),
        average_cost:
          holding === 0n
            ? null
            : round(fromScaled((cost * 10n ** BigInt(book.decimals)) / holding, SCALE), 2),
        price: now,
        unpriced_records: book.unpriced,
        ...figures(cost, market, book.realised),
      };
    });
  return { method: 'FIFO' as const, tokens, totals: figures(totals.cost, totals.market, totals.realised) };
}

function figures(cost: bigint, market: bigint, realised: bigint) {
  const unrealised = market - cost;
  const total = realised + unrealised;
  return {
    cost_basis: usd(cost),
    market_value: usd(market),
    realised: usd(realised),
    unrealised: usd(unrealised),
    total: usd(total),
    profit_loss: total >= 0n ? ProfitLoss.Profit : ProfitLoss.Loss,
  };
}
