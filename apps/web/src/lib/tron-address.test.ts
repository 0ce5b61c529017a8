import { describe, expect, it } from 'vitest';
import { isTronAddress } from './tron-address';

describe('isTronAddress', () => {
  it('accepts base58check T… addresses and refuses a mistyped character or another format', () => {
    // The USDT contract on Tron mainnet and the fixture node's USDT (published addresses).
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TNXeW1eUrWMkWePCkh1R6vMQRBK5avdC9k')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf')).toBe(false);
    expect(isTronAddress('')).toBe(false);
  });
});
