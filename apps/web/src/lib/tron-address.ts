import { base58CheckDecode } from './base58check';

/**
 * A Tron address as users and explorers spell it: T…, base58check of 0x41 + 20 bytes. The
 * checksum is checked here so a mistyped character is refused before the server is asked.
 */
export function isTronAddress(value: string): boolean {
  const text = value.trim();
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const payload = base58CheckDecode(text);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}
