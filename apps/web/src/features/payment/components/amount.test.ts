import { describe, expect, it } from 'vitest';
import { formatSmallestUnit, toSmallestUnit } from './amount';

describe('formatSmallestUnit', () => {
  it('shifts by the decimals exactly, without floats or rounding', () => {
    expect(formatSmallestUnit('0', 9)).toBe('0');
    expect(formatSmallestUnit('2000000000', 9)).toBe('2');
    expect(formatSmallestUnit('5000', 9)).toBe('0.000005');
    expect(formatSmallestUnit('2039280', 9)).toBe('0.00203928');
    expect(formatSmallestUnit('1', 9)).toBe('0.000000001');
    // Beyond a double's 53 bits: every digit stays.
    expect(formatSmallestUnit('123456789012345678901', 9)).toBe('123,456,789,012.345678901');
    expect(formatSmallestUnit('-1500000000', 9)).toBe('-1.5');
    expect(formatSmallestUnit('42', 0)).toBe('42');
  });

  it('refuses what is not an integer', () => {
    expect(formatSmallestUnit('1.5', 9)).toBeNull();
    expect(formatSmallestUnit('', 9)).toBeNull();
    expect(formatSmallestUnit('abc', 9)).toBeNull();
  });
});

describe('toSmallestUnit', () => {
  it('reads a typed decimal exactly in the smallest unit', () => {
    expect(toSmallestUnit('0.5', 18)).toBe(500_000_000_000_000_000n);
    expect(toSmallestUnit(' 1 ', 18)).toBe(1_000_000_000_000_000_000n);
    expect(toSmallestUnit('0.000000000000000001', 18)).toBe(1n);
    expect(toSmallestUnit('0', 18)).toBe(0n);
  });

  it('refuses more decimals than the coin has, signs, exponents and words', () => {
    expect(toSmallestUnit('0.0000000000000000001', 18)).toBeNull();
    expect(toSmallestUnit('-1', 18)).toBeNull();
    expect(toSmallestUnit('1e3', 18)).toBeNull();
    expect(toSmallestUnit('1,000', 18)).toBeNull();
    expect(toSmallestUnit('.5', 18)).toBeNull();
    expect(toSmallestUnit('', 18)).toBeNull();
  });
});
