import { PublicKey } from '@solana/web3.js';
import { FamilyError } from '../family';

/** A base58 public key of 32 bytes, spelled exactly as the chain spells it (no padding, no case games). */
export function isSolanaAddress(text: string): boolean {
  if (typeof text !== 'string' || text.length < 32 || text.length > 44) return false;
  try {
    return new PublicKey(text).toBase58() === text;
  } catch {
    return false;
  }
}

/** The address as entered, refused when it is not a Solana address. */
export function solanaAddress(text: string, field?: string): string {
  const trimmed = text.trim();
  if (!isSolanaAddress(trimmed)) throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR', field ? { field } : {});
  return trimmed;
}

/** Whether a private key can exist for the address (an ed25519 point), as opposed to a program address. */
export const isOnCurve = (address: string) => PublicKey.isOnCurve(new PublicKey(address).toBytes());

export const publicKey = (address: string) => new PublicKey(address);
