import type { ErrorCode } from '@keystead/contract/errors/index';
import { toUnits } from './amount-rules';

/** Bech32 human-readable parts by chain key (the server is authoritative; this is a light check). */
const BECH32_HRP: Record<string, string> = {
  btc: 'bc',
  'btc-testnet': 'tb',
  'btc-regtest': 'bcrt',
  ltc: 'ltc',
  'ltc-testnet': 'tltc',
  'ltc-regtest': 'rltc',
};

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{25,35}$/;
const BECH32_DATA = /^[02-9ac-hj-np-z]{6,87}$/;
const CASHADDR = /^(?:bitcoincash:|bchtest:|bchreg:)?[qp][02-9ac-hj-np-z]{41}$/;

/**
 * A light check of a Bitcoin-family address: base58 (legacy, P2SH) or bech32 with the chain's
 * prefix (all one case), or a Bitcoin Cash cashaddr. Checksums are the server's job.
 */
export function isUtxoAddress(chainKey: string, value: string): boolean {
  const text = value.trim();
  if (!text) return false;
  if (BASE58.test(text)) return true;
  if (chainKey.startsWith('bch')) return CASHADDR.test(text.toLowerCase());
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  const hrp = BECH32_HRP[chainKey];
  const separator = lower.lastIndexOf('1');
  if (separator < 1) return false;
  if (hrp !== undefined && lower.slice(0, separator) !== hrp) return false;
  return BECH32_DATA.test(lower.slice(separator + 1));
}

/** §5 recipient for a Bitcoin-family wallet: required, the chain's format, not the wallet's own address. */
export function utxoRecipientError(chainKey: string, to: string, sender: string | null): ErrorCode | null {
  const value = to.trim();
  if (!value) return 'PARAMS_REQUIRED_ERROR';
  if (!isUtxoAddress(chainKey, value)) return 'CHAIN_ADDRESS_INVALID_ERROR';
  if (sender && value.toLowerCase() === sender.toLowerCase()) return 'TRANSFER_TO_SELF_ERROR';
  return null;
}

/** sat/vB as the server takes it: up to 6 digits and 3 decimals, above zero. */
export const FEE_RATE_PATTERN = /^\d{1,6}(\.\d{1,3})?$/;
export const feeRateError = (value: string): ErrorCode | null =>
  FEE_RATE_PATTERN.test(value) && Number(value) > 0 ? null : 'FEE_RATE_ERROR';

/** Sum of decimal amounts in sat; null when one is malformed. */
export function sumSats(amounts: string[], decimals = 8): bigint | null {
  let total = 0n;
  for (const amount of amounts) {
    const units = toUnits(amount, decimals);
    if (units === null) return null;
    total += units;
  }
  return total;
}
