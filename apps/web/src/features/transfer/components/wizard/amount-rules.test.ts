import { describe, expect, it } from 'vitest';
import { amountError, fromUnits, isLargeAmount, recipientError, toUnits } from './amount-rules';

const SAFE = '0x1111111111111111111111111111111111111111';

describe('§5 transfer rules in the wizard', () => {
  it('checks the recipient', () => {
    expect(recipientError('', SAFE)).toBe('PARAMS_REQUIRED_ERROR');
    expect(recipientError('0x12', SAFE)).toBe('CHAIN_ADDRESS_INVALID_ERROR');
    expect(recipientError(SAFE.toUpperCase().replace('0X', '0x'), SAFE)).toBe('TRANSFER_TO_SELF_ERROR');
    expect(recipientError('0x2222222222222222222222222222222222222222', SAFE)).toBeNull();
    // EIP-55: the checksummed spelling passes, one letter's case flipped is a checksum error.
    expect(recipientError('0x52908400098527886E0F7030069857D2E4169EE7', SAFE)).toBeNull();
    expect(recipientError('0x52908400098527886e0F7030069857D2E4169EE7', SAFE)).toBe(
      'CHAIN_ADDRESS_CHECKSUM_ERROR',
    );
  });

  it('checks an XRP recipient: a classic r… address or an X-address, not the wallet itself', () => {
    const account = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
    expect(recipientError(account, 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', 'XRP')).toBeNull();
    expect(recipientError('XVPcpSm47b1CZkf5AkKM9a84dQHe3mVdNccQXuUgHqa1j7D', null, 'XRP')).toBeNull();
    expect(recipientError('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', null, 'XRP')).toBe(
      'CHAIN_ADDRESS_INVALID_ERROR',
    );
    expect(recipientError(account, account, 'XRP')).toBe('TRANSFER_TO_SELF_ERROR');
  });

  it('checks a Tron recipient: base58check T…, not the wallet itself', () => {
    const wallet = 'TNXeW1eUrWMkWePCkh1R6vMQRBK5avdC9k';
    expect(recipientError('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', wallet, 'TRX')).toBeNull();
    expect(recipientError('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', wallet, 'TRX')).toBe(
      'CHAIN_ADDRESS_INVALID_ERROR',
    );
    expect(recipientError(SAFE, wallet, 'TRX')).toBe('CHAIN_ADDRESS_INVALID_ERROR');
    expect(recipientError(wallet, wallet, 'TRX')).toBe('TRANSFER_TO_SELF_ERROR');
  });

  it('checks the amount with the token decimals and the available balance', () => {
    expect(amountError('', 6, '10')).toBe('PARAMS_REQUIRED_ERROR');
    expect(amountError('1e3', 6, '10')).toBe('TASK_AMOUNT_INVALID_ERROR');
    expect(amountError('-1', 6, '10')).toBe('TASK_AMOUNT_INVALID_ERROR');
    expect(amountError('0', 6, '10')).toBe('TRANSFER_VOLUME_ZERO_ERROR');
    expect(amountError('0.0000001', 6, '10')).toBe('TRANSFER_TOO_MANY_DECIMALS_ERROR');
    expect(amountError('0.000009', 6, '10')).toBe('TRANSFER_VOLUME_TOO_SMALL_ERROR');
    expect(amountError('0.00001', 6, '10')).toBeNull();
    expect(amountError('10.000001', 6, '10')).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    expect(amountError('10', 6, '10')).toBeNull();
    expect(amountError('1', 0, '10')).toBeNull();
  });

  it('converts without floats and flags large amounts', () => {
    expect(toUnits('1.5', 6)).toBe(1_500_000n);
    expect(fromUnits(1_500_000n, 6)).toBe('1.5');
    expect(fromUnits(10n ** 18n, 18)).toBe('1');
    expect(isLargeAmount('600', 6, '1000')).toBe(true);
    expect(isLargeAmount('10', 6, '1000')).toBe(false);
  });
});
