import type { WalletToken } from '../wallets/wallet-assets';
import { fromScaled, toScaled } from '../wallets/decimal';

const VALUE_SCALE = 8;

export interface SnapshotRow {
  organization_id: number;
  wallet_id: number;
  day: string;
  token_key: string;
  symbol: string;
  decimals: number;
  amount: string;
  usd_price: string | null;
  usd_value: string;
}

/** amount (raw units) × price, in USD to 8 decimals. */
export function usdValue(amount: bigint, decimals: number, price: string | null): string {
  if (price === null || amount === 0n) return '0';
  return fromScaled((amount * toScaled(price, VALUE_SCALE)) / 10n ** BigInt(decimals), VALUE_SCALE);
}

/** One row per token held (the coin always, so a wallet holding nothing still has its day). */
export function snapshotRows(
  wallet: { id: number; organization_id: number },
  day: string,
  tokens: WalletToken[],
  amountOf: (token: WalletToken) => bigint,
  priceOf: (symbol: string) => string | null,
): SnapshotRow[] {
  const rows: SnapshotRow[] = [];
  for (const token of tokens) {
    const amount = amountOf(token);
    if (amount <= 0n && token.key !== 'native') continue;
    const price = priceOf(token.symbol);
    rows.push({
      organization_id: wallet.organization_id,
      wallet_id: wallet.id,
      day,
      token_key: token.key,
      symbol: token.symbol,
      decimals: token.decimals,
      amount: (amount > 0n ? amount : 0n).toString(),
      usd_price: price,
      usd_value: usdValue(amount > 0n ? amount : 0n, token.decimals, price),
    });
  }
  return rows;
}
