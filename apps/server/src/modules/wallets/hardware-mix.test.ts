import { describe, expect, it } from 'vitest';
import { mixesHardware } from './hardware-mix';

describe('§5 hardware mix of LTC/BCH multisigs', () => {
  it('refuses Ledger with Trezor or OneKey on Litecoin and Bitcoin Cash only', () => {
    expect(mixesHardware('ltc', ['ledger', 'trezor'])).toBe(true);
    expect(mixesHardware('bch', ['onekey', 'xpub', 'ledger'])).toBe(true);
    expect(mixesHardware('ltc-regtest', ['ledger', 'xpub', 'ledger'])).toBe(false);
    expect(mixesHardware('ltc', ['trezor', 'onekey'])).toBe(false);
    expect(mixesHardware('btc', ['ledger', 'trezor'])).toBe(false);
    expect(mixesHardware('1', ['ledger', 'trezor'])).toBe(false);
  });
});
