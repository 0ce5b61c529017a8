import type { ExchangeId } from '@keystead/contract/api/exchanges';

/** How each exchange spells its own name. */
export const EXCHANGE_NAMES: Record<ExchangeId, string> = {
  binance: 'Binance',
  okx: 'OKX',
  bybit: 'Bybit',
  bitget: 'Bitget',
  gate: 'Gate',
  htx: 'HTX',
  coinbase: 'Coinbase',
};

/** An exchange account's wallet row names its exchange by chain key `exchange:<id>`; undefined for a chain. */
export function exchangeOfChainKey(chainKey: string): string | undefined {
  if (!chainKey.startsWith('exchange:')) return undefined;
  const id = chainKey.slice('exchange:'.length);
  return EXCHANGE_NAMES[id as ExchangeId] ?? id;
}
