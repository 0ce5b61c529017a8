import { describe, expect, it } from 'vitest';
import { axisNumber, percent, tokenAmount } from './asset-format';

describe('asset figures as the pages write them', () => {
  it('percentages keep 2 decimals and a sign when asked', () => {
    expect(percent('12.5')).toBe('12.50%');
    expect(percent('12.345', true)).toBe('+12.35%');
    expect(percent('-3.1', true)).toBe('-3.10%');
    expect(percent('0', true)).toBe('0.00%');
    expect(percent(null)).toBe('—');
  });

  it('token amounts are grouped without going through floats', () => {
    expect(tokenAmount('1234567.123456789012345678')).toBe('1,234,567.123456789012345678');
    expect(tokenAmount('-1000')).toBe('-1,000');
    expect(tokenAmount('0.5')).toBe('0.5');
  });

  it('axis values are grouped below 100,000 and compact above', () => {
    expect(axisNumber(3_940, 'en-US')).toBe('3,940');
    expect(axisNumber(12_345.678, 'en-US')).toBe('12,345.68');
    expect(axisNumber(1_250_000, 'en-US')).toBe('1.3M');
  });
});
