import { DEFAULT_RATES, priceTable } from './price-table';

/** Where prices come from: the built-in table, or a CoinGecko-compatible HTTP API. */
export interface PriceSource {
  kind: 'table' | 'http';
  /** USD per unit for the symbols it knows (upper case); symbols it does not know are left out. */
  usdPrices(symbols: string[]): Promise<Record<string, string>>;
  /** Units of each display currency per US dollar (USD, CNY, HKD, EUR …). */
  currencyRates(): Promise<Record<string, string>>;
}

export function tablePriceSource(overridesJson?: string): PriceSource {
  const table = priceTable(overridesJson);
  return {
    kind: 'table',
    usdPrices: async (symbols) =>
      Object.fromEntries(symbols.filter((s) => table[s] !== undefined).map((s) => [s, table[s]!])),
    currencyRates: async () => ({ ...DEFAULT_RATES }),
  };
}

/** CoinGecko coin ids of the symbols the platform holds (PRICE_API_IDS_JSON adds or replaces). */
const COIN_IDS: Record<string, string> = {
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  DAI: 'dai',
  LTC: 'litecoin',
  BTC: 'bitcoin',
  BCH: 'bitcoin-cash',
  TRX: 'tron',
  SOL: 'solana',
  XRP: 'ripple',
  BNB: 'binancecoin',
  POL: 'polygon-ecosystem-token',
  AVAX: 'avalanche-2',
};

export class PriceSourceError extends Error {}

export interface HttpSourceOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  idsJson?: string | undefined;
  timeoutMs?: number;
}

/**
 * A CoinGecko-compatible API: `GET /simple/price?ids=…&vs_currencies=usd` for prices and
 * `GET /exchange_rates` (rates against BTC) for display currencies. The key goes in the header
 * CoinGecko names for its plan: `x-cg-pro-api-key` on pro-api hosts, `x-cg-demo-api-key` elsewhere.
 */
export function httpPriceSource(options: HttpSourceOptions): PriceSource {
  const ids: Record<string, string> = {
    ...COIN_IDS,
    ...(options.idsJson ? (JSON.parse(options.idsJson) as Record<string, string>) : {}),
  };
  const base = options.baseUrl.replace(/\/+$/, '');
  const keyHeader = /pro-api\./.test(base) ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key';

  async function getJson(path: string): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      headers: { accept: 'application/json', ...(options.apiKey ? { [keyHeader]: options.apiKey } : {}) },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    // 429 is the API's rate limit: a failure like any other; the last good prices are kept.
    if (!response.ok)
      throw new PriceSourceError(`price API answered ${response.status} for ${path.split('?')[0]}`);
    return response.json();
  }

  return {
    kind: 'http',
    async usdPrices(symbols) {
      const wanted = symbols.filter((s) => ids[s]);
      if (wanted.length === 0) return {};
      const query = new URLSearchParams({ ids: wanted.map((s) => ids[s]).join(','), vs_currencies: 'usd' });
      const body = (await getJson(`/simple/price?${query.toString()}`)) as Record<string, { usd?: unknown }>;
      const prices: Record<string, string> = {};
      for (const symbol of wanted) {
        const usd = body?.[ids[symbol]!]?.usd;
        if (typeof usd === 'number' && Number.isFinite(usd) && usd >= 0) prices[symbol] = decimalText(usd);
      }
      return prices;
    },
    async currencyRates() {
      const body = (await getJson('/exchange_rates')) as { rates?: Record<string, { value?: unknown }> };
      const usd = body?.rates?.usd?.value;
      if (typeof usd !== 'number' || !(usd > 0)) throw new PriceSourceError('exchange_rates has no usd rate');
      const rates: Record<string, string> = { USD: '1' };
      for (const currency of Object.keys(DEFAULT_RATES)) {
        const value = body.rates?.[currency.toLowerCase()]?.value;
        if (currency !== 'USD' && typeof value === 'number' && value > 0)
          rates[currency] = decimalText(value / usd);
      }
      return rates;
    },
  };
}

/** A JSON number as plain decimal text (no exponent), to 12 significant digits. */
function decimalText(value: number): string {
  const text = value.toPrecision(12);
  return /e/i.test(text)
    ? value.toFixed(18).replace(/\.?0+$/, '')
    : text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
