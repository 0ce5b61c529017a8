import { isAddressEqual, recoverAddress, recoverMessageAddress } from 'viem';
import { WalletError, type Address, type Hex, type WalletConnector } from './types';

/**
 * The signature came from `address`, or the device signed with another key (a different seed,
 * passphrase or account): checked in the page before a signature leaves it.
 */
function signedBy(signer: Address, address: Address, signature: Hex): Hex {
  if (!isAddressEqual(signer, address)) throw new WalletError('signer_mismatch', `signed by ${signer}`);
  return signature;
}

/** A personal-message signature, checked to come from `address`. */
export async function checkedMessageSignature(
  address: Address,
  message: string,
  signature: Hex,
): Promise<Hex> {
  return signedBy(await recoverMessageAddress({ message, signature }), address, signature);
}

/** An EIP-712 signature, checked against the digest the page computed (`typedDataHashes`). */
export async function checkedTypedSignature(address: Address, digest: Hex, signature: Hex): Promise<Hex> {
  return signedBy(await recoverAddress({ hash: digest, signature }), address, signature);
}

/** The device account behind `address`, as listed at connect; another address is a mismatch. */
export function accountOf<T extends { address: Address }>(accounts: readonly T[], address: Address): T {
  const account = accounts.find((item) => isAddressEqual(item.address, address));
  if (!account) throw new WalletError('signer_mismatch', `${address} is not an account of this device`);
  return account;
}

/**
 * The transaction side of a device that signs Safe typed data and messages only (QR and hardware
 * signers here): never offered where a transaction must be sent.
 */
export function signsOnlyMethods(
  device: string,
): Pick<WalletConnector, 'signsOffline' | 'signsOnly' | 'sendTransaction' | 'signTransaction'> {
  const refuse = async (): Promise<never> => {
    throw new WalletError(
      'hardware_blockchain',
      `${device} signs Safe typed data and messages, not transactions`,
    );
  };
  return { signsOffline: false, signsOnly: true, sendTransaction: refuse, signTransaction: refuse };
}
