import { hexToBytes, isHex } from 'viem';

/** Raw bytes as text when they are printable UTF-8 (what a personal_sign request usually carries). */
export function rawAsText(raw: string | null): string | null {
  if (!raw || !isHex(raw)) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(raw));
    // eslint-disable-next-line no-control-regex -- control characters make it binary, not text
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}
