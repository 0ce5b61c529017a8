import { describe, expect, it } from 'vitest';
import { hexToBytes, keccak256, parseSignature, recoverAddress, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts';
import { recoverEvmSigner } from './ecdsa-recover';

/** r‖s of a viem signature (viem signs with noble, an implementation independent of libsecp256k1). */
function rsOf(signature: Hex): { rs: Uint8Array; parity: 0 | 1 } {
  const { r, s, yParity } = parseSignature(signature);
  return { rs: hexToBytes(`0x${r.slice(2)}${s.slice(2)}`), parity: yParity as 0 | 1 };
}

describe('recoverEvmSigner (libsecp256k1 WASM)', () => {
  it('recovers the address noble signed with, as viem recovers it, for 50 random keys and hashes', async () => {
    for (let i = 0; i < 50; i++) {
      const key = generatePrivateKey();
      const hash = keccak256(toHex(`message ${i} ${key}`));
      const signature = await sign({ hash, privateKey: key, to: 'hex' });
      const { rs, parity } = rsOf(signature);
      const address = privateKeyToAccount(key).address;
      expect(recoverEvmSigner(hash, rs, parity)).toBe(address);
      expect(await recoverAddress({ hash, signature })).toBe(address);
    }
  });

  it('gives another address for the other parity or another hash, and null when r is no curve point', async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    const hash = keccak256('0x01');
    const { rs, parity } = rsOf(await sign({ hash, privateKey: key, to: 'hex' }));
    expect(recoverEvmSigner(hash, rs, parity === 0 ? 1 : 0)).not.toBe(address);
    expect(recoverEvmSigner(keccak256('0x02'), rs, parity)).not.toBe(address);
    // x = 5 is not on secp256k1 (5³ + 7 = 132 is no square mod p).
    const offCurve = new Uint8Array(64);
    offCurve[31] = 5;
    offCurve[63] = 1;
    expect(recoverEvmSigner(hash, offCurve, 0)).toBeNull();
    expect(recoverEvmSigner(hash, new Uint8Array(64), 0)).toBeNull();
  });
});
