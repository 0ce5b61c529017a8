import { describe, expect, it } from 'vitest';
import { approxDelay, offersTimelockRecovery, satToCoin } from './timelock-recovery';

describe('timelock recovery helpers', () => {
  it('offers the path on segwit chains of the Bitcoin family only', () => {
    expect(offersTimelockRecovery('BTC', 'ltc-regtest')).toBe(true);
    expect(offersTimelockRecovery('BTC', 'bch')).toBe(false);
    expect(offersTimelockRecovery('EVM', 'eth')).toBe(false);
  });

  it('says a delay in blocks as an approximate time per chain', () => {
    expect(approxDelay(4320, 'btc')).toEqual({ unit: 'days', count: 30 });
    expect(approxDelay(4320, 'ltc')).toEqual({ unit: 'days', count: 8 });
    expect(approxDelay(3, 'ltc-regtest')).toEqual({ unit: 'minutes', count: 8 });
    expect(approxDelay(144, 'btc')).toEqual({ unit: 'hours', count: 24 });
  });

  it('writes satoshis as coins exactly', () => {
    expect(satToCoin('200000000')).toBe('2');
    expect(satToCoin('199990000')).toBe('1.9999');
    expect(satToCoin('1500')).toBe('0.000015');
    expect(satToCoin('0')).toBe('0');
  });
});
