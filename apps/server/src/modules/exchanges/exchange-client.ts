import type * as Ccxt from 'ccxt';
import type { AppConfig } from '../../config';
import type { ExchangeSpec } from './exchange-table';
import { pemSecret } from './pem-secret';

/** The key the platform acts with at the exchange (opened from its sealed record, or being checked). */
export interface ExchangeCredentials {
  apiKey: string;
  secret: string;
  passphrase?: string;
}

export type ExchangeClient = Ccxt.Exchange;

/**
 * ccxt, loaded on the first exchange call: importing it costs about 0.7 s and 80 MB of resident
 * memory (measured), which a server whose spaces hold no exchange account never pays.
 */
let ccxtModule: typeof Ccxt | null = null;
async function loadCcxt(): Promise<typeof Ccxt> {
  ccxtModule ??= await import('ccxt');
  return ccxtModule;
}

type ClientConfig = Pick<AppConfig, 'EXCHANGE_SANDBOX' | 'EXCHANGE_API_URLS_JSON' | 'EXCHANGE_TIMEOUT_MS'>;

/**
 * The ccxt client for one exchange account: ccxt signs every request (no hand-written exchange
 * clients). Markets are set empty instead of loaded: balances and deposit/withdrawal history do
 * not need the market list, and loading it costs several requests per call against the
 * exchange's rate limit. EXCHANGE_SANDBOX selects the exchanges' testnets; EXCHANGE_API_URLS_JSON
 * (tests only, refused in production) replaces an exchange's hosts with a local stand-in.
 */
export async function exchangeClient(
  config: ClientConfig,
  spec: ExchangeSpec,
  credentials: ExchangeCredentials,
): Promise<ExchangeClient> {
  const ccxt = await loadCcxt();
  const Client = (ccxt as unknown as Record<string, new (options: object) => Ccxt.Exchange>)[spec.id];
  if (!Client) throw new Error(`ccxt has no exchange ${spec.id}`);
  const client = new Client({
    apiKey: credentials.apiKey,
    secret: pemSecret(credentials.secret),
    ...(credentials.passphrase ? { password: credentials.passphrase } : {}),
    enableRateLimit: true,
    timeout: config.EXCHANGE_TIMEOUT_MS,
  });
  if (config.EXCHANGE_SANDBOX) client.setSandboxMode(true);
  const base = baseUrlOverride(config, spec.id);
  if (base) client.urls.api = rebase(client.urls.api, base) as typeof client.urls.api;
  client.setMarkets([]);
  return client;
}

/** How long an exchange's market list (of one type) is reused before it is read again. */
const MARKETS_TTL_MS = 10 * 60_000;
const marketLists = new Map<string, { markets: Ccxt.Market[]; at: number }>();

/**
 * ccxt's market types (its `fetchMarkets.types` option): 'spot' pairs, or 'linear' contracts
 * (USDⓈ-margined swaps such as BTC/USDT:USDT; Binance's /fapi/v1/exchangeInfo).
 */
export type MarketListType = 'spot' | 'linear';

/**
 * The client with the exchange's markets of ONE type loaded (orders need a market's id and
 * precision): read once per exchange, type and endpoint every 10 minutes, not per order, and only
 * that list (ccxt would read the other types' lists too, and Binance's currency and margin lists
 * with the key).
 */
export async function withMarkets(client: ExchangeClient, type: MarketListType): Promise<ExchangeClient> {
  const cacheKey = `${client.id}:${type}:${JSON.stringify(client.urls.api)}`;
  const cached = marketLists.get(cacheKey);
  if (cached && Date.now() - cached.at < MARKETS_TTL_MS) {
    client.setMarkets(cached.markets);
    return client;
  }
  client.options['fetchMarkets'] = { types: [type] };
  client.options['fetchCurrencies'] = false;
  client.options['fetchMargins'] = false;
  const markets = Object.values(await client.loadMarkets(true));
  marketLists.set(cacheKey, { markets, at: Date.now() });
  return client;
}

/** The client with the exchange's SPOT markets loaded (withMarkets 'spot'). */
export async function withSpotMarkets(client: ExchangeClient): Promise<ExchangeClient> {
  return withMarkets(client, 'spot');
}

function baseUrlOverride(config: ClientConfig, id: string): string | null {
  if (!config.EXCHANGE_API_URLS_JSON) return null;
  const table = JSON.parse(config.EXCHANGE_API_URLS_JSON) as Record<string, unknown>;
  const base = table[id];
  return typeof base === 'string' ? base.replace(/\/+$/, '') : null;
}

/** Every URL of ccxt's `urls.api` (nested by API section) moved to `base`, keeping its path. */
function rebase(api: unknown, base: string): unknown {
  if (typeof api === 'string') {
    const url = new URL(api.replace('{hostname}', 'exchange.invalid'));
    const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
    return `${base}${path}`;
  }
  if (api && typeof api === 'object')
    return Object.fromEntries(Object.entries(api).map(([key, value]) => [key, rebase(value, base)]));
  return api;
}

/**
 * What a ccxt failure means here: the exchange refused the key, it could not be reached, or other.
 * (A client exists only once ccxt is loaded, so its failures find it loaded.)
 */
export function failureKind(error: unknown): 'auth' | 'network' | 'funds' | 'order' | 'other' {
  if (ccxtModule && error instanceof ccxtModule.AuthenticationError) return 'auth';
  if (ccxtModule && error instanceof ccxtModule.InsufficientFunds) return 'funds';
  if (ccxtModule && error instanceof ccxtModule.InvalidOrder) return 'order';
  if (ccxtModule && error instanceof ccxtModule.NetworkError) return 'network';
  return 'other';
}

/** A ccxt failure as a log field: its class only (ccxt's messages quote URLs and exchange replies). */
export function failureName(error: unknown): string {
  return error instanceof Error ? error.constructor.name : typeof error;
}
