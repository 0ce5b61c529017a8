import { ExchangeStatus, type ErrorCode } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { usdPrice } from '../prices/prices';
import { add, multiply } from '../wallets/decimal';
import { exchangeClient, failureKind, failureName, type ExchangeClient } from './exchange-client';
import { updateExchangeAccount, type ExchangeAccount } from './exchange-repository';
import { openCredentials, resealDataKey } from './exchange-secrets';
import { exchangeSpec } from './exchange-table';

/** One asset of one account type, as last read from the exchange. */
export interface BalanceLine {
  account_type: string;
  symbol: string;
  amount: string;
  available_amount: string;
  frozen_amount: string;
}

/** The account's ccxt client, its credentials opened (and their data key re-sealed after a rotation). */
export async function clientFor(ctx: AppContext, account: ExchangeAccount): Promise<ExchangeClient> {
  const spec = exchangeSpec(account.exchange_id);
  if (!spec) throw new AppError('EXCHANGE_UNSUPPORTED_ERROR');
  const resealed = resealDataKey(ctx.config, account);
  if (resealed) await updateExchangeAccount(ctx.db, account.wallet_id, resealed);
  return await exchangeClient(ctx.config, spec, openCredentials(ctx.config, account));
}

/**
 * A ccxt failure as the reply: the exchange refusing the key is EXCHANGE_AUTH_ERROR (and marks
 * the account unavailable, §4 status 2); anything else is the service code. Logged by class only.
 */
export async function exchangeFailure(
  ctx: AppContext,
  account: ExchangeAccount,
  error: unknown,
  serviceCode: ErrorCode,
): Promise<never> {
  if (error instanceof AppError) throw error;
  const kind = failureKind(error);
  ctx.log.warn(
    { exchange: account.exchange_id, wallet_id: account.wallet_id, failure: failureName(error) },
    'exchange request failed',
  );
  if (kind === 'auth') {
    await updateExchangeAccount(ctx.db, account.wallet_id, { status: ExchangeStatus.Unavailable });
    throw new AppError('EXCHANGE_AUTH_ERROR');
  }
  throw new AppError(serviceCode);
}

function decimal(value: unknown): string {
  if (value === undefined || value === null || value === '') return '0';
  const number = Number(value);
  if (!Number.isFinite(number)) return '0';
  return typeof value === 'string' ? value : number.toFixed(12).replace(/\.?0+$/, '');
}

/** Balances of every account type the table names (ccxt fetchBalance `type`); a later type the account lacks is skipped. */
async function readBalances(client: ExchangeClient, accountTypes: readonly string[]): Promise<BalanceLine[]> {
  const lines: BalanceLine[] = [];
  for (const [index, type] of accountTypes.entries()) {
    const balance = await client.fetchBalance({ type }).catch((error: unknown) => {
      // The first type (spot) must answer. A later one the exchange refuses for this account
      // (no margin account opened, futures never enabled) holds nothing; a refused key or an
      // unreachable exchange still fails the whole read.
      if (index === 0 || failureKind(error) === 'auth' || failureKind(error) === 'network') throw error;
      return null;
    });
    if (balance === null) continue;
    const totals = (balance.total ?? {}) as unknown as Record<string, unknown>;
    const free = (balance.free ?? {}) as unknown as Record<string, unknown>;
    const used = (balance.used ?? {}) as unknown as Record<string, unknown>;
    for (const symbol of Object.keys(totals).sort()) {
      if (!(Number(totals[symbol]) > 0)) continue;
      lines.push({
        account_type: type,
        symbol,
        amount: decimal(totals[symbol]),
        available_amount: decimal(free[symbol]),
        frozen_amount: decimal(used[symbol]),
      });
    }
  }
  return lines;
}

function storedLines(value: unknown): BalanceLine[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as BalanceLine[]) : [];
}

/**
 * The account's balances: the last read when it is younger than `maxAgeMs` (EXCHANGE_CACHE_SECONDS), otherwise
 * read again from the exchange now and kept (with the time) for the next readers.
 */
export async function accountBalances(
  ctx: AppContext,
  account: ExchangeAccount,
  maxAgeMs = ctx.config.EXCHANGE_CACHE_SECONDS * 1000,
): Promise<{ lines: BalanceLine[]; updatedAt: Date }> {
  const fresh =
    account.balances_at && account.balances !== null && Date.now() - account.balances_at.getTime() < maxAgeMs;
  if (fresh) return { lines: storedLines(account.balances), updatedAt: account.balances_at! };
  const spec = exchangeSpec(account.exchange_id);
  if (!spec) throw new AppError('EXCHANGE_UNSUPPORTED_ERROR');
  let lines: BalanceLine[];
  try {
    lines = await readBalances(await clientFor(ctx, account), spec.accountTypes);
  } catch (error) {
    return exchangeFailure(ctx, account, error, 'ES_ASSET_QUERY_ERROR');
  }
  const updatedAt = new Date();
  await updateExchangeAccount(ctx.db, account.wallet_id, {
    balances: JSON.stringify(lines),
    balances_at: updatedAt,
    status: ExchangeStatus.Available,
  });
  return { lines, updatedAt };
}

/** A line with its USD price and value (null when the price book does not know the symbol). */
export function pricedLine(line: BalanceLine) {
  const price = usdPrice(line.symbol);
  return { ...line, price, value: price === null ? null : multiply(line.amount, price) };
}

/** The USD total of lines, or null when any held asset has no price (never a made-up 0). */
export function usdTotal(lines: BalanceLine[]): string | null {
  let total = '0';
  for (const line of lines) {
    const { value } = pricedLine(line);
    if (value === null) return null;
    total = add(total, value);
  }
  return total;
}

/** The last balances read, without asking the exchange (the list's amount). */
export function lastBalances(account: Pick<ExchangeAccount, 'balances'>): BalanceLine[] | null {
  return account.balances === null ? null : storedLines(account.balances);
}

export interface TransferLine {
  id: string;
  type: 'deposit' | 'withdrawal';
  symbol: string;
  amount: string;
  fee: string | null;
  status: string;
  network: string | null;
  address: string | null;
  tx_id: string | null;
  time: string | null;
}

type HistoryCache = Map<number, { at: number; lines: TransferLine[] }>;
// One cache per running app (its wallet ids are its database's): apps in one process, as the
// tests run them, never see each other's entries.
const historyCaches = new WeakMap<AppContext, HistoryCache>();

function historyCache(ctx: AppContext): HistoryCache {
  let cache = historyCaches.get(ctx);
  if (!cache) historyCaches.set(ctx, (cache = new Map()));
  return cache;
}

function transferLine(type: 'deposit' | 'withdrawal', t: Record<string, unknown>): TransferLine {
  const fee = t.fee as { cost?: unknown } | undefined;
  const timestamp = typeof t.timestamp === 'number' ? t.timestamp : null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: String(t.id ?? ''),
    type,
    symbol: String(t.currency ?? ''),
    amount: decimal(t.amount),
    fee: fee?.cost === undefined || fee.cost === null ? null : decimal(fee.cost),
    status: String(t.status ?? 'unknown'),
    network: text(t.network),
    // ccxt's Bybit gives the destination only as addressTo.
    address: text(t.address) ?? text(t.addressTo),
    tx_id: text(t.txid),
    time: timestamp === null ? null : new Date(timestamp).toISOString(),
  };
}

/**
 * Deposits and withdrawals (ccxt fetchDeposits / fetchWithdrawals), newest first; reused for
 * EXCHANGE_CACHE_SECONDS in this process (a claimed refresh job would keep them in the database).
 * An exchange whose history ccxt reads per currency (the table's historyPerCurrency) is asked for
 * each currency the account's balances hold; one whose history ccxt parses with the currency list
 * (historyNeedsCurrencies) has it read first.
 */
export async function accountTransfers(ctx: AppContext, account: ExchangeAccount): Promise<TransferLine[]> {
  const cached = historyCache(ctx).get(account.wallet_id);
  if (cached && Date.now() - cached.at < ctx.config.EXCHANGE_CACHE_SECONDS * 1000) return cached.lines;
  let lines: TransferLine[];
  try {
    const client = await clientFor(ctx, account);
    const spec = exchangeSpec(account.exchange_id);
    // ccxt keeps what it parses transfers with (HTX: networks by chain id) as it reads the list.
    if (spec?.historyNeedsCurrencies) await client.fetchCurrencies();
    const perCurrency = spec?.historyPerCurrency;
    const codes = perCurrency
      ? [...new Set((await accountBalances(ctx, account)).lines.map((line) => line.symbol))]
      : [undefined];
    const deposits = [];
    const withdrawals = [];
    for (const code of codes) {
      deposits.push(...(await client.fetchDeposits(code, undefined, undefined, { ...perCurrency })));
      withdrawals.push(...(await client.fetchWithdrawals(code, undefined, undefined, { ...perCurrency })));
    }
    lines = [
      ...deposits.map((t) => transferLine('deposit', t as unknown as Record<string, unknown>)),
      ...withdrawals.map((t) => transferLine('withdrawal', t as unknown as Record<string, unknown>)),
    ].sort((a, b) => (b.time ?? '').localeCompare(a.time ?? ''));
  } catch (error) {
    return exchangeFailure(ctx, account, error, 'ES_DEPOSIT_WITHDRAW_QUERY_ERROR');
  }
  historyCache(ctx).set(account.wallet_id, { at: Date.now(), lines });
  return lines;
}

/** Forgets an account's cached history (deleted account). */
export function forgetTransfers(ctx: AppContext, walletId: number): void {
  historyCache(ctx).delete(walletId);
}
