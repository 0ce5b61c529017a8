import { BITCOIN_ALPHABET, base58Decode as decodeIn } from './base58check';

/** Base58 (Bitcoin's alphabet, which Solana uses) to bytes; null when a character is outside it. */
export const base58Decode = (text: string): Uint8Array | null => decodeIn(text, BITCOIN_ALPHABET);

/** Bytes to base58 (Bitcoin's alphabet): how Solana spells addresses and signatures. */
export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = BITCOIN_ALPHABET[Number(value % 58n)]! + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/**
 * A Solana address: base58 of a 32-byte public key (no checksum: a mistyped character still
 * decodes, so only the alphabet and the length are checked).
 */
export function isSolanaAddress(value: string): boolean {
  const text = value.trim();
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return false;
  return base58Decode(text)?.length === 32;
}

/** A pasted ed25519 signature: base58 of 64 bytes. */
export function isSolanaSignature(value: string): boolean {
  const text = value.trim();
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(text)) return false;
  return base58Decode(text)?.length === 64;
}
