import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58 } from './base58.js';

describe('base58', () => {
  it('matches web3.js on public keys, including the all-zero key', () => {
    for (const key of [
      PublicKey.default,
      new PublicKey(Buffer.alloc(32, 0xff)),
      Keypair.generate().publicKey,
    ]) {
      expect(encodeBase58(key.toBytes())).toBe(key.toBase58());
      expect(decodeBase58(key.toBase58())).toEqual(key.toBytes());
    }
  });

  it('keeps leading zero bytes as leading 1s and round-trips 64-byte signatures', () => {
    expect(encodeBase58(Uint8Array.from([0, 0, 1]))).toBe('112');
    expect(decodeBase58('112')).toEqual(Uint8Array.from([0, 0, 1]));
    expect(encodeBase58(new Uint8Array())).toBe('');
    const signature = Keypair.generate().secretKey; // any 64 bytes
    expect(decodeBase58(encodeBase58(signature))).toEqual(signature);
    expect(() => decodeBase58('0OIl')).toThrow(/invalid base58/);
  });
});
