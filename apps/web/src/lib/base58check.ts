import { sha256 } from 'viem';

/** Bitcoin's (and Tron's) base58 alphabet. */
export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** The XRP Ledger's own base58 alphabet ('r' is its zero, so classic addresses start with r). */
export const XRPL_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

/** Base58 in an alphabet to bytes; null when a character is outside it. */
export function base58Decode(text: string, alphabet: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  // Leading zero bytes are spelled as the alphabet's zero digit.
  for (const char of text) {
    if (char !== alphabet[0]) break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

/**
 * The payload of a base58check string (its last 4 bytes are the double-sha256 checksum of the
 * rest), or null when a character is outside the alphabet or the checksum does not match: a
 * mistyped address is refused before the server is asked.
 */
export function base58CheckDecode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  const bytes = base58Decode(text, alphabet);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.slice(0, -4);
  const check = sha256(sha256(payload, 'bytes'), 'bytes');
  return check.slice(0, 4).every((byte, index) => byte === bytes[payload.length + index]) ? payload : null;
}
