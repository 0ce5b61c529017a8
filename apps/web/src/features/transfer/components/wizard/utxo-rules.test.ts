import { describe, expect, it } from 'vitest';
import { feeRateError, isUtxoAddress, sumSats, utxoRecipientError } from './utxo-rules';

describe('Bitcoin-family recipient and fee rules', () => {
  it('accepts the chain’s bech32 prefix and base58, refuses EVM and other chains’ prefixes', () => {
    expect(isUtxoAddress('ltc-regtest', 'rltc1qdyade5th6gmu8y5p3ts5x9ukqg6lrkpttmhulu')).toBe(true);
    expect(isUtxoAddress('btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isUtxoAddress('btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isUtxoAddress('ltc-regtest', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
    expect(isUtxoAddress('ltc-regtest', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isUtxoAddress('btc', 'bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
  });
  it('names the catalogue code of a bad recipient', () => {
    expect(utxoRecipientError('btc', ' ', null)).toBe('PARAMS_REQUIRED_ERROR');
    expect(utxoRecipientError('btc', 'nope', null)).toBe('CHAIN_ADDRESS_INVALID_ERROR');
    expect(
      utxoRecipientError('btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'),
    ).toBe('TRANSFER_TO_SELF_ERROR');
  });
  it('checks custom sat/vB and sums amounts in sat', () => {
    expect(feeRateError('2.5')).toBeNull();
    expect(feeRateError('0')).toBe('FEE_RATE_ERROR');
    expect(feeRateError('1.2345')).toBe('FEE_RATE_ERROR');
    expect(sumSats(['0.5', '0.25'])).toBe(75_000_000n);
    expect(sumSats(['0.000000001'])).toBeNull();
  });
});
