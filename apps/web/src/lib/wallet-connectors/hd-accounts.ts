import { secp256k1 } from '@noble/curves/secp256k1';
import type { HDKey } from 'viem/accounts';
import { bytesToHex, publicKeyToAddress } from 'viem/utils';
import type { Address } from './types';

/** An EVM address and the derivation path that gives it. */
export interface DerivedAccount {
  address: Address;
  path: string;
}

/** The address of a secp256k1 public key (compressed or not): it hashes the uncompressed key. */
export function evmAddressOfKey(publicKey: Uint8Array): Address {
  return publicKeyToAddress(bytesToHex(secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false)));
}

/**
 * The first `count` accounts under an extended public key at `parentPath` (its non-hardened
 * children 0…count−1): one key read from a device lists several accounts without asking it again.
 */
export function evmChildAccounts(parent: HDKey, parentPath: string, count: number): DerivedAccount[] {
  return Array.from({ length: count }, (_, index) => ({
    address: evmAddressOfKey(parent.deriveChild(index).publicKey!),
    path: `${parentPath}/${index}`,
  }));
}
