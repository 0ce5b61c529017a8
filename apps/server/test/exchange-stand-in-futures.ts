import type { Answer, StandInKey } from './exchange-stand-in-common';

/**
 * The STAND-IN's Binance USDⓈ-M futures trading (exchange-stand-in.ts routes here), answered in
 * the shapes Binance documents (developers.binance.com, "USDⓈ-M Futures": Exchange Information,
 * 24hr Ticker Price Change Statistics, Change Initial Leverage, New Order, Error Codes):
 *  - public GET /fapi/v1/exchangeInfo (two perpetuals with their filters) and GET /fapi/v1/ticker/24hr;
 *  - signed POST /fapi/v1/leverage: a key without futures trading is refused (-2015), the leverage
 *    must be an integer from 1 to the symbol's maximum, at most 125 (-4028);
 *  - signed POST /fapi/v1/order, checked with this file's own code: the symbol is listed (-1121),
 *    side/type/quantity are sent and LIMIT has price and timeInForce (-1102), the quantity sits on
 *    the LOT_SIZE step (-1111) and at least minQty (-4004), the price on the tick (-4014), the
 *    notional at least MIN_NOTIONAL (-4164), and the initial margin (notional ÷ leverage) fits
 *    the available balance (-2019).
 * The leverage a key last set for a symbol stays in force (Binance's default initial leverage,
 * 20, before any), and each accepted order is kept with the leverage in force at that moment, so
 * tests see what ccxt actually sent.
 */
export interface StandInFuturesOrder {
  symbol: string;
  side: string;
  type: string;
  quantity: string;
  price: string | null;
  timeInForce: string | null;
  /** The key's leverage for the symbol when the order was accepted. */
  leverage: number;
  apiKey: string;
  orderId: number;
  clientOrderId: string;
}

export interface StandInLeverageChange {
  symbol: string;
  leverage: number;
  apiKey: string;
}

export interface StandInFutures {
  /** Orders accepted at POST /fapi/v1/order. */
  orders: StandInFuturesOrder[];
  /** Leverage changes accepted at POST /fapi/v1/leverage, in order. */
  leverageChanges: StandInLeverageChange[];
  /** `${apiKey} ${symbol}` → the leverage in force. */
  leverage: Map<string, number>;
}

export function standInFutures(): StandInFutures {
  return { orders: [], leverageChanges: [], leverage: new Map() };
}

/** The listed perpetuals (USDT-margined): filters as Binance lists them, the last price, the bracket's maximum leverage. */
export const FUTURES_MARKETS = [
  {
    symbol: 'BTCUSDT',
    base: 'BTC',
    last: '60000.00',
    tickSize: '0.10',
    stepSize: '0.001',
    minQty: '0.001',
    minNotional: '100',
    maxLeverage: 125,
  },
  {
    symbol: 'ETHUSDT',
    base: 'ETH',
    last: '3000.00',
    tickSize: '0.01',
    stepSize: '0.001',
    minQty: '0.001',
    minNotional: '20',
    maxLeverage: 100,
  },
] as const;

/** Binance's default initial leverage of a symbol the account never set one for. */
const DEFAULT_LEVERAGE = 20;
/** What the stand-in futures account has available (GET /fapi/v3/account says the same). */
const AVAILABLE_USDT = 400;

const binanceError = (status: number, code: number, msg: string): Answer => ({ status, body: { code, msg } });

/** `value` is a whole number of `step`s (decimal strings, compared exactly in units of the step). */
function onStep(value: string, step: string): boolean {
  const places = (step.split('.')[1] ?? '').length;
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.replace(/0+$/, '').length > places) return false;
  const units = BigInt(whole + fraction.padEnd(places, '0'));
  const stepUnits = BigInt(step.replace('.', ''));
  return stepUnits > 0n && units % stepUnits === 0n;
}

function exchangeInfo(): Answer {
  const now = Date.now();
  return {
    status: 200,
    body: {
      timezone: 'UTC',
      serverTime: now,
      futuresType: 'U_MARGINED',
      rateLimits: [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 2400 },
        { rateLimitType: 'ORDERS', interval: 'MINUTE', intervalNum: 1, limit: 1200 },
      ],
      exchangeFilters: [],
      assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '-10000' }],
      symbols: FUTURES_MARKETS.map((m) => ({
        symbol: m.symbol,
        pair: m.symbol,
        contractType: 'PERPETUAL',
        deliveryDate: 4133404800000,
        onboardDate: 1569398400000,
        status: 'TRADING',
        maintMarginPercent: '2.5000',
        requiredMarginPercent: '5.0000',
        baseAsset: m.base,
        quoteAsset: 'USDT',
        marginAsset: 'USDT',
        pricePrecision: m.tickSize.split('.')[1]!.length,
        quantityPrecision: m.stepSize.split('.')[1]!.length,
        baseAssetPrecision: 8,
        quotePrecision: 8,
        underlyingType: 'COIN',
        underlyingSubType: [],
        settlePlan: 0,
        triggerProtect: '0.0500',
        liquidationFee: '0.012500',
        marketTakeBound: '0.05',
        filters: [
          { filterType: 'PRICE_FILTER', minPrice: m.tickSize, maxPrice: '4529764', tickSize: m.tickSize },
          { filterType: 'LOT_SIZE', minQty: m.minQty, maxQty: '1000', stepSize: m.stepSize },
          { filterType: 'MARKET_LOT_SIZE', minQty: m.minQty, maxQty: '120', stepSize: m.stepSize },
          { filterType: 'MAX_NUM_ORDERS', limit: 200 },
          { filterType: 'MAX_NUM_ALGO_ORDERS', limit: 10 },
          { filterType: 'MIN_NOTIONAL', notional: m.minNotional },
          {
            filterType: 'PERCENT_PRICE',
            multiplierUp: '1.0500',
            multiplierDown: '0.9500',
            multiplierDecimal: '4',
          },
        ],
        // `orderTypes`, as the API answers and ccxt's recorded response shows (ccxt checks the type against it).
        orderTypes: [
          'LIMIT',
          'MARKET',
          'STOP',
          'STOP_MARKET',
          'TAKE_PROFIT',
          'TAKE_PROFIT_MARKET',
          'TRAILING_STOP_MARKET',
        ],
        timeInForce: ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'],
      })),
    },
  };
}

function ticker24hr(query: URLSearchParams): Answer {
  const market = FUTURES_MARKETS.find((m) => m.symbol === query.get('symbol'));
  if (!market) return binanceError(400, -1121, 'Invalid symbol.');
  const now = Date.now();
  return {
    status: 200,
    body: {
      symbol: market.symbol,
      priceChange: '0.00',
      priceChangePercent: '0.000',
      weightedAvgPrice: market.last,
      lastPrice: market.last,
      lastQty: '0.010',
      openPrice: market.last,
      highPrice: market.last,
      lowPrice: market.last,
      volume: '1000.000',
      quoteVolume: '60000000.00',
      openTime: now - 86_400_000,
      closeTime: now,
      firstId: 1,
      lastId: 1000,
      count: 1000,
    },
  };
}

/** The public futures endpoints, or null for any other request. */
export function binanceFuturesPublic(method: string, path: string, rawQuery: string): Answer | null {
  if (method !== 'GET') return null;
  if (path === '/fapi/v1/exchangeInfo') return exchangeInfo();
  if (path === '/fapi/v1/ticker/24hr') return ticker24hr(new URLSearchParams(rawQuery));
  return null;
}

function setLeverage(params: URLSearchParams, key: StandInKey, book: StandInFutures): Answer {
  const market = FUTURES_MARKETS.find((m) => m.symbol === params.get('symbol'));
  if (!market) return binanceError(400, -1121, 'Invalid symbol.');
  const raw = params.get('leverage') ?? '';
  if (!/^\d+$/.test(raw))
    return binanceError(
      400,
      -1102,
      "Mandatory parameter 'leverage' was not sent, was empty/null, or malformed.",
    );
  const leverage = Number(raw);
  if (leverage < 1 || leverage > Math.min(125, market.maxLeverage))
    return binanceError(400, -4028, `Leverage ${leverage} is not valid`);
  book.leverage.set(`${key.apiKey} ${market.symbol}`, leverage);
  book.leverageChanges.push({ symbol: market.symbol, leverage, apiKey: key.apiKey });
  // The position's largest notional at this leverage (the bracket's cap; a figure of the stand-in).
  const maxNotionalValue = String(Math.floor(1_000_000_000 / leverage));
  return { status: 200, body: { leverage, maxNotionalValue, symbol: market.symbol } };
}

function placeOrder(params: URLSearchParams, key: StandInKey, book: StandInFutures): Answer {
  const market = FUTURES_MARKETS.find((m) => m.symbol === params.get('symbol'));
  if (!market) return binanceError(400, -1121, 'Invalid symbol.');
  const side = params.get('side') ?? '';
  const type = params.get('type') ?? '';
  const quantity = params.get('quantity') ?? '';
  const price = params.get('price');
  const timeInForce = params.get('timeInForce');
  if (
    !['BUY', 'SELL'].includes(side) ||
    !['LIMIT', 'MARKET'].includes(type) ||
    !/^\d+(\.\d+)?$/.test(quantity)
  )
    return binanceError(400, -1102, 'Mandatory parameter was not sent, was empty/null, or malformed.');
  if (type === 'LIMIT' && (!price || !/^\d+(\.\d+)?$/.test(price) || !timeInForce))
    return binanceError(
      400,
      -1102,
      "Mandatory parameter 'price' was not sent, was empty/null, or malformed.",
    );
  if (!onStep(quantity, market.stepSize))
    return binanceError(400, -1111, 'Precision is over the maximum defined for this asset.');
  if (Number(quantity) < Number(market.minQty))
    return binanceError(400, -4004, 'Quantity less than min quantity.');
  if (type === 'LIMIT' && !onStep(price!, market.tickSize))
    return binanceError(400, -4014, 'Price not increased by tick size.');
  const leverage = book.leverage.get(`${key.apiKey} ${market.symbol}`) ?? DEFAULT_LEVERAGE;
  const notional = Number(quantity) * Number(type === 'LIMIT' ? price : market.last);
  if (notional < Number(market.minNotional))
    return binanceError(
      400,
      -4164,
      `Order's notional must be no smaller than ${market.minNotional} (unless you choose reduce only).`,
    );
  if (notional / leverage > AVAILABLE_USDT) return binanceError(400, -2019, 'Margin is insufficient.');
  const orderId = 8_389_765_000 + book.orders.length;
  const clientOrderId = params.get('newClientOrderId') ?? `standin${orderId}`;
  book.orders.push({
    symbol: market.symbol,
    side,
    type,
    quantity,
    price,
    timeInForce,
    leverage,
    apiKey: key.apiKey,
    orderId,
    clientOrderId,
  });
  const filled = type === 'MARKET';
  return {
    status: 200,
    body: {
      clientOrderId,
      cumQty: filled ? quantity : '0',
      cumQuote: filled ? String(notional) : '0',
      executedQty: filled ? quantity : '0',
      orderId,
      avgPrice: filled ? market.last : '0.00',
      origQty: quantity,
      price: price ?? '0',
      reduceOnly: false,
      side,
      positionSide: 'BOTH',
      status: filled ? 'FILLED' : 'NEW',
      stopPrice: '0',
      closePosition: false,
      symbol: market.symbol,
      timeInForce: timeInForce ?? 'GTC',
      type,
      origType: type,
      updateTime: Date.now(),
      workingType: 'CONTRACT_PRICE',
      priceProtect: false,
      priceMatch: 'NONE',
      selfTradePreventionMode: 'EXPIRE_MAKER',
      goodTillDate: 0,
    },
  };
}

/**
 * The signed futures trading endpoints (after the signature passed), or null for any other
 * request. Trading futures takes a trading key whose account has futures (`binanceDerivatives`).
 */
export function binanceFuturesTrade(
  route: string,
  rawParams: string,
  key: StandInKey,
  { futures: book }: { futures: StandInFutures },
): Answer | null {
  const params = new URLSearchParams(rawParams);
  if (route !== 'POST /fapi/v1/leverage' && route !== 'POST /fapi/v1/order') return null;
  if (key.kind !== 'trade' || !key.binanceDerivatives)
    return binanceError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
  return route === 'POST /fapi/v1/leverage' ? setLeverage(params, key, book) : placeOrder(params, key, book);
}
