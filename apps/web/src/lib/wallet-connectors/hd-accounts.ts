import { secp256k1 } from '@noble/curves/secp256k1';
import { isAddressEqual } from 'viem';
import type { HDKey } from 'viem/accounts';
import { customAccountPath, type CustomPathRequest } from './custom-path';
import { accountOf } from './signed-by';
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

/** The accounts a device listed at connect, kept for signing: the path of each address. */
export class DeviceAccounts {
  private list: DerivedAccount[] = [];

  /** Keeps a new list; resolves its addresses, as `connect` does. */
  replace(list: DerivedAccount[]): Address[] {
    this.list = list;
    return this.addresses;
  }

  get addresses(): Address[] {
    return this.list.map((account) => account.address);
  }

  /**
   * Adds the account at a custom path (checked against the limit first); `readAddress` asks the
   * device, only for a path not listed yet. Resolves its address.
   */
  async addCustom(
    request: CustomPathRequest,
    readAddress: (path: string) => Promise<Address>,
  ): Promise<Address> {
    const path = customAccountPath(request);
    const listed = this.list.find((account) => account.path === path);
    if (listed) return listed.address;
    const address = await readAddress(path);
    if (!this.list.some((account) => isAddressEqual(account.address, address)))
      this.list = [...this.list, { address, path }];
    return address;
  }

  /** The path to sign with; an address the device did not list is a signer mismatch. */
  pathOf(address: Address): string {
    return accountOf(this.list, address).path;
  }

  /** The path shown beside an address in the account list. */
  label(address: Address): string | undefined {
    return this.list.find((account) => isAddressEqual(account.address, address))?.path;
  }
}
