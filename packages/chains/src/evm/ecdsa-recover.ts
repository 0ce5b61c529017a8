import * as ecc from 'tiny-secp256k1';
import { getAddress, hexToBytes, keccak256, type Address, type Hex } from 'viem';

/**
 * The address whose key made `rs` (r‖s, 64 bytes) over a 32-byte hash, or null when no public
 * key recovers. Through libsecp256k1 compiled to WASM (tiny-secp256k1, already used for Bitcoin):
 * the signature step recovers every owner's signature, and viem's pure-JS recovery was the
 * larger part of that step's CPU (`npm run bench -- recovery`).
 */
export function recoverEvmSigner(hash: Hex, rs: Uint8Array, parity: 0 | 1): Address | null {
  let key: Uint8Array | null;
  try {
    key = ecc.recover(hexToBytes(hash), rs, parity, false);
  } catch {
    // r is not the x of a curve point, or r/s out of range: no key.
    return null;
  }
  if (!key) return null;
  // The address is the last 20 bytes of keccak256 of the uncompressed key without its 0x04 prefix.
  return getAddress(`0x${keccak256(key.subarray(1)).slice(26)}`);
}
