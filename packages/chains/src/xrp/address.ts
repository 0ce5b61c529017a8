import {
  decodeAccountID,
  isValidClassicAddress,
  isValidXAddress,
  xAddressToClassicAddress,
} from 'ripple-address-codec';
import { deriveAddress } from 'ripple-keypairs';
import { FamilyError } from '../family';

/** A classic XRPL account address (r…, base58check in the XRPL alphabet). */
export const isXrpAddress = (value: string): boolean => isValidClassicAddress(value);

/** A recipient as entered: a classic address, or an X-address that carries its destination tag. */
export function recipientParts(value: string): { account: string; tag: number | null } {
  if (isValidClassicAddress(value)) return { account: value, tag: null };
  if (isValidXAddress(value)) {
    const { classicAddress, tag } = xAddressToClassicAddress(value);
    return { account: classicAddress, tag: tag === false ? null : tag };
  }
  throw new FamilyError('CHAIN_ADDRESS_INVALID_ERROR', { param: 'XRP' });
}

/**
 * The destination tag a payment carries: the X-address's own or the one entered, and never two
 * different ones (the exchange behind the address would credit someone else).
 */
export function destinationOf(to: string, enteredTag: number | null | undefined) {
  const { account, tag } = recipientParts(to);
  const entered = enteredTag ?? null;
  if (tag !== null && entered !== null && tag !== entered)
    throw new FamilyError('XRP_DESTINATION_TAG_CONFLICT_ERROR');
  return { account, tag: tag ?? entered };
}

/** The 20-byte account id; the ledger orders a multisigned transaction's Signers by it. */
export const accountIdHex = (address: string): string =>
  Buffer.from(decodeAccountID(address)).toString('hex');

/** The account a public key (33 bytes hex; 0xED… for ed25519) controls as its master key. */
export function accountOfKey(publicKey: string): string | null {
  try {
    return deriveAddress(publicKey.toUpperCase());
  } catch {
    return null;
  }
}
