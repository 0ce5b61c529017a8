import { AppError } from '../../lib/app-error';

/** Server minimum (§9): 0.000001 of the asset. */
const MIN_AMOUNT = { digits: 6, units: 1n };
const MAX_INTEGER_DIGITS = 100;

/**
 * Parses a decimal amount into base units. Refuses exponents, signs, spaces, more decimals than
 * the token has, zero, anything below 0.000001 and absurd sizes — each with its catalogue code.
 */
export function parseAmount(text: string, decimals: number): bigint {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new AppError('TASK_AMOUNT_INVALID_ERROR');
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  if (whole.replace(/^0+/, '').length > MAX_INTEGER_DIGITS) throw new AppError('TASK_AMOUNT_INVALID_ERROR');
  if (fraction.length > decimals) throw new AppError('TRANSFER_TOO_MANY_DECIMALS_ERROR', { max: decimals });
  const units = BigInt(`${whole}${fraction.padEnd(decimals, '0')}`);
  if (units === 0n) throw new AppError('TRANSFER_VOLUME_ZERO_ERROR');
  // Compare with 0.000001 expressed in the token's units (tokens with fewer decimals: 1 unit).
  const minimum =
    decimals >= MIN_AMOUNT.digits ? 10n ** BigInt(decimals - MIN_AMOUNT.digits) : MIN_AMOUNT.units;
  if (units < minimum) throw new AppError('TRANSFER_VOLUME_TOO_SMALL_ERROR');
  return units;
}
