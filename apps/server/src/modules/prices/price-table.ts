/**
 * USD prices by token symbol. The default table is the devnet's (and a sane fallback for
 * stablecoins); PRICE_TABLE_JSON (e.g. {"ETH":"3150.5","BTC":"97000"}) replaces entries.
 * A live price feed is a configured source, not something this machine can reach.
 */
const DEFAULT_USD: Record<string, string> = {
  ETH: '3000',
  USDT: '1',
  USDC: '1',
  DAI: '1',
  LTC: '80',
  BTC: '60000',
  BCH: '400',
  TRX: '0.12',
  SOL: '150',
  XRP: '0.6',
  BNB: '600',
  POL: '0.5',
  AVAX: '30',
};

const CURRENCY_PER_USD: Record<string, string> = { USD: '1', CNY: '7.2', HKD: '7.8', EUR: '0.92' };

let table: Record<string, string> | null = null;

export function priceTable(): Record<string, string> {
  if (table) return table;
  let overrides: Record<string, string> = {};
  try {
    overrides = process.env.PRICE_TABLE_JSON
      ? (JSON.parse(process.env.PRICE_TABLE_JSON) as Record<string, string>)
      : {};
  } catch {
    overrides = {};
  }
  table = { ...DEFAULT_USD, ...overrides };
  return table;
}

export function usdPrice(symbol: string): string | null {
  return priceTable()[symbol.toUpperCase()] ?? null;
}

export function currencyRate(currency: string): string {
  return CURRENCY_PER_USD[currency] ?? '1';
}
