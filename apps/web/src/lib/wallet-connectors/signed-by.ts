import { isAddressEqual } from 'viem';
import { WalletError, type Address, type Hex } from './types';

/**
 * The signature came from `address`, or the device signed with another key (a different seed,
 * passphrase or account): checked in the page before a signature leaves it.
 */
export function signedBy(signer: Address, address: Address, signature: Hex): Hex {
  if (!isAddressEqual(signer, address)) throw new WalletError('signer_mismatch', `signed by ${signer}`);
  return signature;
}
