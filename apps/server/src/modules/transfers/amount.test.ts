import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { parseAmount } from './amount';

const code = (fn: () => unknown) => {
  try {
    fn();
    return 'OK';
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('transfer amounts', () => {
  it('parses exact decimal strings into base units', () => {
    expect(parseAmount('123.45', 6)).toBe(123_450_000n);
    expect(parseAmount('0.000001', 18)).toBe(1_000_000_000_000n);
    expect(parseAmount('1', 0)).toBe(1n);
  });
  it.each([
    ['1e5', 'TASK_AMOUNT_INVALID_ERROR'],
    ['-1', 'TASK_AMOUNT_INVALID_ERROR'],
    [' 1', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1.', 'TASK_AMOUNT_INVALID_ERROR'],
    ['0x10', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1'.repeat(101), 'TASK_AMOUNT_INVALID_ERROR'],
    ['0', 'TRANSFER_VOLUME_ZERO_ERROR'],
    ['0.0000009', 'TRANSFER_TOO_MANY_DECIMALS_ERROR'],
    ['0.0000001', 'TRANSFER_TOO_MANY_DECIMALS_ERROR'],
  ])('refuses %s with %s (6 decimals)', (text, expected) => {
    expect(code(() => parseAmount(text, 6))).toBe(expected);
  });
  it('refuses amounts under the 0.000001 minimum of 18-decimal tokens', () => {
    expect(code(() => parseAmount('0.0000009', 18))).toBe('TRANSFER_VOLUME_TOO_SMALL_ERROR');
  });
});
