import { sql } from 'kysely';
import {
  ApiKeyType,
  PERPETUAL_CATEGORIES,
  PLACEABLE_CATEGORIES,
  type ErrorCode,
  type ErrorParams,
  type PlatformOrderBody,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import { LockNamespace } from '../../jobs/lock-ids';
import { AppError } from '../../lib/app-error';
import { clientFor, exchangeFailure } from '../exchanges/exchange-assets';
import { failureKind, withMarkets, type ExchangeClient } from '../exchanges/exchange-client';
import { usdPrice } from '../prices/prices';
import { multiply } from '../wallets/decimal';
import { findStrategy, insertOrderLog, settleOrderLog, usageSince } from './escrow-repository';
import type { AuthenticatedKey } from './platform-auth';
import { judgeOrder, type OrderToJudge } from './risk-judge';

const HOUR = 3_600_000;
/** Quote coins counted 1:1 as USDT. */
const DOLLAR_QUOTES = new Set(['USDT', 'USDC', 'USD', 'FDUSD', 'BUSD']);

function plain(value: unknown): string | null {
  const number = Number(value);
  if (value === undefined || value === null || !Number.isFinite(number) || number <= 0) return null;
  return typeof value === 'string' ? value : number.toFixed(12).replace(/\.?0+$/, '');
}

/** The order's value in USDT: amount × price × the quote coin in USDT (null when unknown). */
function notionalUsdt(amount: string, price: string | null, quote: string): string | null {
  if (price === null) return null;
  const quoteUsdt = DOLLAR_QUOTES.has(quote) ? '1' : usdPrice(quote);
  return quoteUsdt === null ? null : multiply(multiply(amount, price, 18), quoteUsdt, 18);
}

/** What an order's type implies for its §3 trade category when the bot names none. */
function categoryOf(body: PlatformOrderBody): number {
  if (body.trade_category !== undefined) return body.trade_category;
  return body.type === 'limit' ? 1 : 8;
}

/** §3 category 2: a perpetual, placed on the exchange's linear (USDⓈ-margined) swaps. */
const PERPETUAL = 2;

/** Whether the order's type fits its category: 1 is limit, 8 market; a perpetual is either. */
function typeFits(category: number, type: PlatformOrderBody['type']): boolean {
  return category === PERPETUAL || (category === 1) === (type === 'limit');
}

/**
 * POST /api/v1/sign/hmac: a bot's order, judged against the account's risk-control rules
 * (risk-judge) and only then placed at the exchange with the account's own key through ccxt.
 * Judging and holding the order's place in the buy/sell limits happen under the account's lock
 * in one transaction, so two concurrent orders cannot both pass a limit they break together.
 * Every decision is a row of the escrow log: refused (with the limit), or pending → accepted /
 * failed once the exchange has answered.
 */
export async function placePlatformOrder(
  ctx: AppContext,
  { key, account }: AuthenticatedKey,
  body: PlatformOrderBody,
  ip: string,
) {
  const category = categoryOf(body);
  const perpetual = category === PERPETUAL;
  const logBase = {
    wallet_id: account.wallet_id,
    organization_id: account.organization_id,
    api_key_id: key.id,
    api_key: key.api_key,
    ip,
    symbol: body.symbol,
    side: body.side,
    order_type: body.type,
    trade_category: category,
    amount: body.amount,
    price: body.price ?? null,
  };
  const refuseWith = async (code: ErrorCode, params: ErrorParams = {}): Promise<never> => {
    const id = await insertOrderLog(ctx.db, { ...logBase, decision: 'refused', code });
    throw new AppError(code, params, { log_id: id });
  };
  if (body.type === 'limit' && !body.price) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'price' });
  if (PERPETUAL_CATEGORIES.includes(category) && body.leverage === undefined)
    throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'leverage' });
  if (account.api_key_type < ApiKeyType.Trading) return refuseWith('ESCROW_TRADING_KEY_REQUIRED_ERROR');
  if (!PLACEABLE_CATEGORIES.includes(category) || !typeFits(category, body.type))
    return refuseWith('RISK_CONTROL_STRATEGY_UNSUPPORTED_ERROR');

  // Only the market list the order needs: spot pairs, or the linear swaps for a perpetual.
  let client: ExchangeClient;
  let price: string | null = body.price ?? null;
  let base: string;
  let quote: string;
  try {
    client = await withMarkets(await clientFor(ctx, account), perpetual ? 'linear' : 'spot');
    const market = client.markets?.[body.symbol];
    const fits = perpetual ? market?.swap === true && market.linear === true : market?.spot === true;
    if (!market || !fits) return await refuseWith('PARAMS_INVALID_ERROR', { field: 'symbol' });
    ({ base, quote } = market);
    if (price === null) price = plain((await client.fetchTicker(body.symbol)).last);
  } catch (error) {
    return exchangeFailure(ctx, account, error, 'ES_EXCHANGE_REQUEST_ERROR');
  }
  // A linear swap's amount is in the base coin and its price in the quote (= settle) coin, so its
  // value is amount × price like a spot order's.
  const order: OrderToJudge = {
    symbol: body.symbol,
    base,
    quote,
    side: body.side,
    trade_category: category,
    amount: body.amount,
    notional_usdt: notionalUsdt(body.amount, price, quote),
    leverage: body.leverage ?? null,
  };

  const judged = await ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LockNamespace.EscrowAccount}, ${account.wallet_id}::int)`.execute(
      trx,
    );
    const [strategy, window] = await Promise.all([
      findStrategy(trx, account.wallet_id),
      trx
        .selectFrom('escrow_settings')
        .select('limit_window_hours')
        .where('wallet_id', '=', account.wallet_id)
        .executeTakeFirst(),
    ]);
    const since = new Date(Date.now() - (window?.limit_window_hours ?? 24) * HOUR);
    const refusal = judgeOrder(strategy, order, await usageSince(trx, account.wallet_id, category, since));
    const id = await insertOrderLog(trx, {
      ...logBase,
      notional_usdt: order.notional_usdt,
      decision: refusal ? 'refused' : 'pending',
      code: refusal ? 'RISK_CONTROL_ORDER_REFUSED_ERROR' : null,
      rule: refusal ? JSON.stringify({ limit: refusal.limit, max: refusal.max, value: refusal.value }) : null,
    });
    return { id, refusal };
  });
  if (judged.refusal)
    throw new AppError(
      'RISK_CONTROL_ORDER_REFUSED_ERROR',
      { reason: judged.refusal.reason },
      { ...judged.refusal, log_id: judged.id },
    );

  try {
    // The judge held the leverage to the rule's cap; setting it at the exchange for the symbol
    // before the order keeps the position there to it too (an earlier, higher setting made outside
    // Keystead would otherwise apply). If the exchange refuses, nothing is placed.
    if (perpetual) await client.setLeverage(body.leverage!, body.symbol);
    const placed = await client.createOrder(
      body.symbol,
      body.type,
      body.side,
      Number(body.amount),
      body.type === 'limit' ? Number(body.price) : undefined,
      body.client_order_id ? { clientOrderId: body.client_order_id } : {},
    );
    await settleOrderLog(ctx.db, judged.id, { decision: 'accepted', exchange_order_id: String(placed.id) });
    return {
      decision: 'accepted' as const,
      log_id: judged.id,
      exchange_order_id: String(placed.id),
      status: placed.status ?? null,
      symbol: body.symbol,
      side: body.side,
      type: body.type,
      amount: body.amount,
      price: body.price ?? null,
    };
  } catch (error) {
    const kind = failureKind(error);
    const code: ErrorCode =
      kind === 'funds'
        ? 'TRANSFER_BALANCE_INSUFFICIENT_ERROR'
        : kind === 'auth'
          ? 'EXCHANGE_AUTH_ERROR'
          : 'ES_EXCHANGE_REQUEST_ERROR';
    await settleOrderLog(ctx.db, judged.id, { decision: 'failed', code });
    // A refusal of this order (no funds, or -2015 for a key without futures trading) says
    // nothing of the key as a whole: the account's status is left to the next balance read.
    if (kind === 'funds' || kind === 'auth') throw new AppError(code, {}, { log_id: judged.id });
    return exchangeFailure(ctx, account, error, 'ES_EXCHANGE_REQUEST_ERROR');
  }
}
