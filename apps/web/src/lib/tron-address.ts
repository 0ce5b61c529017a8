import { sha256 } from 'viem';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

/**
 * A Tron address as users and explorers spell it: T…, base58check of 0x41 + 20 bytes. The
 * checksum is checked here so a mistyped character is refused before the server is asked.
 */
export function isTronAddress(value: string): boolean {
  const text = value.trim();
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const bytes = base58Decode(text);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.slice(0, 21);
  const check = sha256(sha256(payload, 'bytes'), 'bytes');
  return check.slice(0, 4).every((byte, index) => byte === bytes[21 + index]);
}
