import type { TokenRef } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { add, formatUnits, fromScaled, multiply, round, toScaled } from './decimal';
import { priceBook, usdPrice } from '../prices/prices';

export interface WalletToken extends TokenRef {
  key: string;
  custom: boolean;
}

/** The native coin, the chain's well-known tokens, and the wallet's custom tokens. */
export async function walletTokens(
  ctx: AppContext,
  db: Db,
  wallet: { id: number; chain_key: string },
): Promise<WalletToken[]> {
  const custom = await db
    .selectFrom('wallet_tokens')
    .select(['contract', 'symbol', 'decimals'])
    .where('wallet_id', '=', wallet.id)
    .execute();
  return chainTokens(ctx, wallet.chain_key, custom);
}

/** The chain's coin, its known tokens, then the given custom tokens (each contract once). */
export function chainTokens(
  ctx: AppContext,
  chainKey: string,
  custom: Array<{ contract: string; symbol: string; decimals: number }>,
): WalletToken[] {
  const info = ctx.chains.chainInfo(chainKey);
  const known = ctx.chains.defaultTokens(chainKey);
  const tokens: WalletToken[] = [
    {
      key: 'native',
      contract: null,
      symbol: info.nativeSymbol,
      decimals: info.nativeDecimals,
      custom: false,
    },
    ...known.map((token) => ({ ...token, key: token.contract!.toLowerCase(), custom: false })),
  ];
  for (const token of custom) {
    if (!tokens.some((t) => t.key === token.contract.toLowerCase()))
      tokens.push({
        key: token.contract.toLowerCase(),
        contract: token.contract,
        symbol: token.symbol,
        decimals: token.decimals,
        custom: true,
      });
  }
  return tokens;
}

export interface AssetLine {
  symbol: string;
  contract_address: string | null;
  decimals: number;
  /** Exact amount in the token's units. */
  amount: string;
  /** Shown amount: rounded to 2 decimals (§3). */
  amount_display: string;
  price: string | null;
  value: string;
  proportion: string;
  custom: boolean;
}

/** Per-token lines with USD values and proportions; `total` is the wallet's USD value. */
export function assetLines(
  tokens: WalletToken[],
  balances: Map<string, string>,
): { lines: AssetLine[]; total: string } {
  let total = '0';
  const priced = tokens.map((token) => {
    const amount = formatUnits(BigInt(balances.get(token.key) ?? '0'), token.decimals);
    const price = usdPrice(token.symbol);
    const value = price ? multiply(amount, price) : '0';
    total = add(total, value);
    return { token, amount, price, value };
  });
  const lines = priced.map(({ token, amount, price, value }) => ({
    symbol: token.symbol,
    contract_address: token.contract,
    decimals: token.decimals,
    amount,
    amount_display: round(amount, 2),
    price,
    value: round(value, 2),
    proportion: percentOf(value, total),
    custom: token.custom,
  }));
  return { lines, total };
}

/** value / total × 100, to two decimals; 0 when the total is 0. */
export function percentOf(value: string, total: string): string {
  const scale = 8;
  const whole = toScaled(total, scale);
  if (whole === 0n) return '0.00';
  return round(fromScaled((toScaled(value, scale) * 100n * 10n ** BigInt(scale)) / whole, scale), 2);
}

const VALUE_SCALE = 8;
const priceCache = new Map<string, bigint | null>();
let cachedVersion = -1;

function scaledPrice(symbol: string): bigint | null {
  // The book's prices were re-read: what was scaled from the old ones goes.
  if (priceBook().version !== cachedVersion) {
    priceCache.clear();
    cachedVersion = priceBook().version;
  }
  if (!priceCache.has(symbol)) {
    const price = usdPrice(symbol);
    priceCache.set(symbol, price === null ? null : toScaled(price, VALUE_SCALE));
  }
  return priceCache.get(symbol)!;
}

/**
 * A wallet's USD value in integer arithmetic, for lists: no per-token strings (the list of a
 * big space prices thousands of balances per page; the string path cost ~25 ms a page).
 */
export function walletValueUsd(
  tokens: Array<Pick<WalletToken, 'key' | 'symbol' | 'decimals'>>,
  balances: Map<string, string>,
): string {
  let total = 0n;
  for (const token of tokens) {
    const raw = balances.get(token.key);
    const price = raw ? scaledPrice(token.symbol) : null;
    if (!raw || price === null) continue;
    total += (BigInt(raw) * price) / 10n ** BigInt(token.decimals);
  }
  return fromScaled(total, VALUE_SCALE);
}

/** Balances from the cache, keyed by wallet then token key. */
export async function cachedBalances(db: Db, walletIds: number[]): Promise<Map<number, Map<string, string>>> {
  const result = new Map<number, Map<string, string>>();
  if (walletIds.length === 0) return result;
  const rows = await db
    .selectFrom('wallet_balances')
    .select(['wallet_id', 'token_key', 'amount'])
    .where('wallet_id', 'in', walletIds)
    .execute();
  for (const row of rows) {
    let map = result.get(row.wallet_id);
    if (!map) result.set(row.wallet_id, (map = new Map()));
    map.set(row.token_key, String(row.amount));
  }
  return result;
}
