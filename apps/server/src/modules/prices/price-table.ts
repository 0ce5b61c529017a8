/**
 * The built-in USD prices by token symbol: the devnet's, and a sane fallback for stablecoins.
 * PRICE_TABLE_JSON (e.g. {"ETH":"3150.5","BTC":"97000"}) replaces entries. With PRICE_API_URL
 * set, fetched prices replace these (price-book.ts); the table still prices what the feed lacks.
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

/** Units of each display currency (§3 user profile currency) per US dollar. */
export const DEFAULT_RATES: Record<string, string> = { USD: '1', CNY: '7.2', HKD: '7.8', EUR: '0.92' };

/** The table with PRICE_TABLE_JSON's entries over the defaults (a malformed value is refused at boot). */
export function priceTable(overridesJson?: string): Record<string, string> {
  const overrides = overridesJson ? (JSON.parse(overridesJson) as Record<string, string>) : {};
  const upper = Object.fromEntries(Object.entries(overrides).map(([k, v]) => [k.toUpperCase(), String(v)]));
  return { ...DEFAULT_USD, ...upper };
}
