import { evmAddressProblem } from '../../../../lib/evm-address';
import { isTronAddress } from '../../../../lib/tron-address';
import { isXrpRecipient } from '../../../../lib/xrp-address';
import { isSolanaAddress } from '../../../../lib/solana-address';
import type { ErrorCode } from '@keystead/contract/errors/index';

/** §9: the smallest amount the form accepts (the server's floor is 0.000001). */
export const FORM_MIN_AMOUNT = '0.00001';
/** At or above this share of the available balance the wizard suggests a small test transfer first. */
export const LARGE_SHARE = 0.5;

const DECIMAL = /^\d+(\.\d+)?$/;

/** A decimal string as an integer of `decimals` places (no floats); null when malformed. */
export function toUnits(value: string, decimals: number): bigint | null {
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > decimals) return null;
  return (
    BigInt(whole) * 10n ** BigInt(decimals) +
    BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0')
  );
}

export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = decimals ? (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export const isEvmAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value.trim());

/**
 * Whether a recipient is well formed for a family checked here (Tron's T…; XRP's r… or X-address);
 * undefined for EVM, which the address hooks check themselves.
 */
export function recipientWellFormed(family: string | undefined, value: string): boolean | undefined {
  if (family === 'TRX') return isTronAddress(value);
  if (family === 'XRP') return isXrpRecipient(value);
  if (family === 'SOL') return isSolanaAddress(value);
  return undefined;
}

/** §5 recipient: required, a valid address of the chain (EVM, Tron's T…, XRP's r…/X…), not the sending wallet. */
export function recipientError(to: string, sender: string | null, family = 'EVM'): ErrorCode | null {
  const value = to.trim();
  if (!value) return 'PARAMS_REQUIRED_ERROR';
  const wellFormed = recipientWellFormed(family, value);
  if (wellFormed !== undefined) {
    if (!wellFormed) return 'CHAIN_ADDRESS_INVALID_ERROR';
    return sender && value === sender ? 'TRANSFER_TO_SELF_ERROR' : null;
  }
  const problem = evmAddressProblem(value);
  if (problem) return problem === 'checksum' ? 'CHAIN_ADDRESS_CHECKSUM_ERROR' : 'CHAIN_ADDRESS_INVALID_ERROR';
  if (sender && value.toLowerCase() === sender.toLowerCase()) return 'TRANSFER_TO_SELF_ERROR';
  return null;
}

/** §5 amount: required, a number, nonzero, within the token's decimals, ≥ 0.00001, ≤ available. */
export function amountError(amount: string, decimals: number, available: string | null): ErrorCode | null {
  const value = amount.trim();
  if (!value) return 'PARAMS_REQUIRED_ERROR';
  if (!DECIMAL.test(value)) return 'TASK_AMOUNT_INVALID_ERROR';
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > decimals) return 'TRANSFER_TOO_MANY_DECIMALS_ERROR';
  const units = toUnits(value, decimals)!;
  if (units === 0n) return 'TRANSFER_VOLUME_ZERO_ERROR';
  const min = toUnits(FORM_MIN_AMOUNT, Math.max(decimals, 5))!;
  const scaled = decimals >= 5 ? units : units * 10n ** BigInt(5 - decimals);
  if (scaled < min) return 'TRANSFER_VOLUME_TOO_SMALL_ERROR';
  if (available !== null) {
    const limit = toUnits(available, decimals);
    if (limit !== null && units > limit) return 'TRANSFER_BALANCE_INSUFFICIENT_ERROR';
  }
  return null;
}

/** §5: a large amount (half the available balance or more) warns to test with a small transfer first. */
export function isLargeAmount(amount: string, decimals: number, available: string | null): boolean {
  if (!available) return false;
  const units = toUnits(amount, decimals);
  const limit = toUnits(available, decimals);
  if (units === null || limit === null || limit === 0n) return false;
  return units * 100n >= limit * BigInt(Math.round(LARGE_SHARE * 100));
}
