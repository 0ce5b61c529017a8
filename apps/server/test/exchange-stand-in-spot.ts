import type { Answer } from './exchange-stand-in-common';
/**
 * The STAND-IN's Binance spot trading (exchange-stand-in.ts routes here): the market list
 * (GET /api/v3/exchangeInfo), a ticker (GET /api/v3/ticker/24hr) and orders
 * (POST /api/v3/order), answered in Binance's documented shapes. Orders are checked with this
 * file's own code as Binance documents it: a key without spot trading is refused (-2015), the
 * symbol must be listed (-1121), LIMIT needs price and timeInForce (-1102), the quantity must sit
 * on the LOT_SIZE step (-1013), and the account must hold what the order spends (-2010). Each
 * accepted order is kept in `orders` so tests see what ccxt actually sent.
 */
export interface StandInOrder {
  symbol: string;
  side: string;
  type: string;
  quantity: string;
  price: string | null;
  apiKey: string;
  orderId: number;
  clientOrderId: string;
}

/** The listed pairs: base, quote and the last price the ticker reports. */
export const SPOT_MARKETS = [
  { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', last: '60000.00' },
  { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', last: '3000.00' },
  { symbol: 'ETHBTC', base: 'ETH', quote: 'BTC', last: '0.05000' },
] as const;

/** What every stand-in Binance account holds free (GET /api/v3/account says the same). */
const FREE: Record<string, number> = { BTC: 0.5, USDT: 1000 };
const STEP = 0.00001;

const binanceError = (status: number, code: number, msg: string): Answer => ({ status, body: { code, msg } });

export function exchangeInfo(): Answer {
  return {
    status: 200,
    body: {
      timezone: 'UTC',
      serverTime: Date.now(),
      rateLimits: [],
      exchangeFilters: [],
      symbols: SPOT_MARKETS.map((m) => ({
        symbol: m.symbol,
        status: 'TRADING',
        baseAsset: m.base,
        baseAssetPrecision: 8,
        quoteAsset: m.quote,
        quotePrecision: 8,
        quoteAssetPrecision: 8,
        baseCommissionPrecision: 8,
        quoteCommissionPrecision: 8,
        orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
        icebergAllowed: true,
        ocoAllowed: true,
        otoAllowed: true,
        quoteOrderQtyMarketAllowed: true,
        allowTrailingStop: true,
        cancelReplaceAllowed: true,
        isSpotTradingAllowed: true,
        isMarginTradingAllowed: false,
        filters: [
          {
            filterType: 'PRICE_FILTER',
            minPrice: '0.00001000',
            maxPrice: '1000000.00000000',
            tickSize: '0.00001000',
          },
          { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
          {
            filterType: 'NOTIONAL',
            minNotional: '1.00000000',
            applyMinToMarket: true,
            maxNotional: '9000000.00000000',
          },
        ],
        permissions: [],
        permissionSets: [['SPOT']],
        defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
        allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
      })),
    },
  };
}

export function ticker24hr(query: URLSearchParams): Answer {
  const market = SPOT_MARKETS.find((m) => m.symbol === query.get('symbol'));
  if (!market) return binanceError(400, -1121, 'Invalid symbol.');
  const now = Date.now();
  return {
    status: 200,
    body: {
      symbol: market.symbol,
      priceChange: '0',
      priceChangePercent: '0',
      weightedAvgPrice: market.last,
      prevClosePrice: market.last,
      lastPrice: market.last,
      lastQty: '0.1',
      bidPrice: market.last,
      bidQty: '1',
      askPrice: market.last,
      askQty: '1',
      openPrice: market.last,
      highPrice: market.last,
      lowPrice: market.last,
      volume: '100',
      quoteVolume: '1000000',
      openTime: now - 86_400_000,
      closeTime: now,
      firstId: 1,
      lastId: 100,
      count: 100,
    },
  };
}

/** POST /api/v3/order: checked as Binance documents, then kept and answered (newOrderRespType FULL). */
export function placeOrder(
  params: URLSearchParams,
  key: { apiKey: string; kind: string },
  orders: StandInOrder[],
): Answer {
  if (key.kind !== 'trade')
    return binanceError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
  const market = SPOT_MARKETS.find((m) => m.symbol === params.get('symbol'));
  if (!market) return binanceError(400, -1121, 'Invalid symbol.');
  const side = params.get('side') ?? '';
  const type = params.get('type') ?? '';
  const quantity = params.get('quantity') ?? '';
  const price = params.get('price');
  if (!['BUY', 'SELL'].includes(side) || !['LIMIT', 'MARKET'].includes(type) || !quantity)
    return binanceError(400, -1102, 'Mandatory parameter was not sent, was empty/null, or malformed.');
  if (type === 'LIMIT' && (!price || !params.get('timeInForce')))
    return binanceError(
      400,
      -1102,
      "Mandatory parameter 'price' was not sent, was empty/null, or malformed.",
    );
  const qty = Number(quantity);
  if (!(qty > 0) || Math.abs(Math.round(qty / STEP) * STEP - qty) > 1e-12)
    return binanceError(400, -1013, 'Filter failure: LOT_SIZE');
  const unitPrice = Number(price ?? market.last);
  const spends =
    side === 'BUY' ? { asset: market.quote, amount: qty * unitPrice } : { asset: market.base, amount: qty };
  if (spends.amount > (FREE[spends.asset] ?? 0))
    return binanceError(400, -2010, 'Account has insufficient balance for requested action.');
  const orderId = 28_000 + orders.length;
  const clientOrderId = params.get('newClientOrderId') ?? `standin${orderId}`;
  orders.push({
    symbol: market.symbol,
    side,
    type,
    quantity,
    price,
    apiKey: key.apiKey,
    orderId,
    clientOrderId,
  });
  const now = Date.now();
  return {
    status: 200,
    body: {
      symbol: market.symbol,
      orderId,
      orderListId: -1,
      clientOrderId,
      transactTime: now,
      price: price ?? '0.00000000',
      origQty: quantity,
      executedQty: type === 'MARKET' ? quantity : '0.00000000',
      cummulativeQuoteQty: type === 'MARKET' ? String(qty * unitPrice) : '0.00000000',
      status: type === 'MARKET' ? 'FILLED' : 'NEW',
      timeInForce: params.get('timeInForce') ?? 'GTC',
      type,
      side,
      workingTime: now,
      selfTradePreventionMode: 'EXPIRE_MAKER',
      fills: [],
    },
  };
}
