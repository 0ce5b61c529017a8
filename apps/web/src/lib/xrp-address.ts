import { bytesToHex, hexToBytes, ripemd160, sha256 } from 'viem';
import { base58CheckDecode, XRPL_ALPHABET } from './base58check';

/**
 * A classic XRP Ledger account address: r…, base58check (XRPL alphabet) of 0x00 + the 20-byte
 * account id. Signer keys and wallet accounts are always classic addresses.
 */
export function isXrpClassicAddress(value: string): boolean {
  const text = value.trim();
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(text)) return false;
  const payload = base58CheckDecode(text, XRPL_ALPHABET);
  return payload !== null && payload.length === 21 && payload[0] === 0;
}

/**
 * An X-address (X… on the main ledger, T… on test ledgers): an account and, optionally, its
 * destination tag in one string — 2 prefix bytes, the account id, a flag byte and 8 tag bytes.
 */
export function isXrpXAddress(value: string): boolean {
  const text = value.trim();
  if (!/^[XT][1-9A-HJ-NP-Za-km-z]{46}$/.test(text)) return false;
  const payload = base58CheckDecode(text, XRPL_ALPHABET);
  if (!payload || payload.length !== 31) return false;
  const prefix = (payload[0]! << 8) | payload[1]!;
  return (prefix === 0x0544 || prefix === 0x0493) && payload[22]! <= 1;
}

/** A payment's recipient: a classic address, or an X-address that may carry its own destination tag. */
export const isXrpRecipient = (value: string) => isXrpClassicAddress(value) || isXrpXAddress(value);

/** The destination tag's range (UInt32); empty means none. */
export const isDestinationTag = (value: string) => /^\d{1,10}$/.test(value) && Number(value) <= 4_294_967_295;

/**
 * Whether a public key (33 bytes hex: 02/03… secp256k1, ED… ed25519) is the key of a classic
 * address: its account id is RIPEMD-160 of SHA-256 of the key. Says a pasted proof was made with
 * another key before the server is asked; false for anything that is not such a key.
 */
export function isKeyOfAddress(publicKey: string, address: string): boolean {
  if (!/^(0[23]|ED)[0-9A-F]{64}$/i.test(publicKey)) return false;
  const payload = base58CheckDecode(address.trim(), XRPL_ALPHABET);
  if (!payload || payload.length !== 21) return false;
  const id = ripemd160(sha256(hexToBytes(`0x${publicKey}`)));
  return id === bytesToHex(payload.slice(1));
}
