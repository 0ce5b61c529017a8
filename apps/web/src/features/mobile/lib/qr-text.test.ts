import { describe, expect, it } from 'vitest';
import { formatPairingCode, pairingCode, parseScannedText } from './qr-text';

describe('the phone QR texts', () => {
  it('reads a pairing link, a fragment and a bare code', () => {
    const pair = { kind: 'pair', code: 'ABCDEFGHJK' };
    expect(parseScannedText('https://keystead.example/mobile#pair=ABCDEFGHJK')).toEqual(pair);
    expect(parseScannedText('http://127.0.0.1:3000/mobile#pair=abcde-fghjk')).toEqual(pair);
    expect(parseScannedText('#pair=ABCDEFGHJK')).toEqual(pair);
    expect(parseScannedText(' ABCDE-FGHJK ')).toEqual(pair);
    expect(parseScannedText('abcde fghjk')).toEqual(pair);
  });

  it('reads a task link', () => {
    expect(parseScannedText('https://keystead.example/mobile#task=12:345')).toEqual({
      kind: 'task',
      organizationId: 12,
      taskId: 345,
    });
  });

  it('reads a nomination link (space and wallet)', () => {
    expect(parseScannedText('https://keystead.example/mobile#inherit=7:89')).toEqual({
      kind: 'inherit',
      organizationId: 7,
      walletId: 89,
    });
    expect(parseScannedText('#inherit=7:89')).toEqual({ kind: 'inherit', organizationId: 7, walletId: 89 });
  });

  it('refuses anything else', () => {
    expect(parseScannedText('')).toBeNull();
    expect(parseScannedText('ABCDE-FGHJ')).toBeNull(); // nine characters
    expect(parseScannedText('ABCDE-FGHJI')).toBeNull(); // I is not Crockford base-32
    expect(parseScannedText('https://keystead.example/mobile#task=12')).toBeNull();
    expect(parseScannedText('https://keystead.example/mobile#pair=')).toBeNull();
    expect(parseScannedText('https://keystead.example/mobile#inherit=7')).toBeNull();
    expect(parseScannedText('https://keystead.example/mobile#inherit=7:x')).toBeNull();
    expect(parseScannedText('https://example.com/ABCDEFGHJK')).toBeNull();
    expect(parseScannedText('UR:ETH-SIGNATURE/ABC')).toBeNull();
  });

  it('writes a code in two groups of five', () => {
    expect(formatPairingCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
    expect(pairingCode('abcdefghjk')).toBe('ABCDEFGHJK');
  });
});
