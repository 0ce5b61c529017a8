import { hashMessage, hashTypedData, hexToBytes, isHex, type Hex, type TypedDataDefinition } from 'viem';

/**
 * The hash a Dapp checks of its message (isValidSignature's bytes32): EIP-712 of typed data, else
 * EIP-191 of raw bytes or of text; null when the message cannot be read.
 */
export function messageHashOf(message: {
  typed?: unknown;
  raw?: string | null;
  text?: string | null;
}): Hex | null {
  try {
    if (message.typed) return hashTypedData(message.typed as TypedDataDefinition);
    if (message.raw && isHex(message.raw)) return hashMessage({ raw: message.raw });
    if (message.text) return hashMessage(message.text);
  } catch {
    // unreadable: no hash
  }
  return null;
}

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
