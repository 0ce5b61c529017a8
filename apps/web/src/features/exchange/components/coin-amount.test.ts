import { describe, expect, it } from 'vitest';
import { formatCoin } from './coin-amount';

describe('formatCoin', () => {
  it('groups the whole part and drops trailing zeros, never through floats', () => {
    expect(formatCoin('1000.00000000')).toBe('1,000');
    expect(formatCoin('0.50000000')).toBe('0.5');
    expect(formatCoin('12345678901234567.123456789012345678')).toBe(
      '12,345,678,901,234,567.123456789012345678',
    );
    expect(formatCoin('-8.9100')).toBe('-8.91');
  });
  it('says — for a value not known, not 0', () => {
    expect(formatCoin(null)).toBe('—');
    expect(formatCoin('')).toBe('—');
  });
});
