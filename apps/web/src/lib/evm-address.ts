import { isAddress } from 'viem';

/**
 * Why an EVM address is refused: not 0x + 40 hex digits ('invalid'), or a mixed-case spelling
 * whose EIP-55 checksum fails ('checksum' — one character mistyped); null when it is fine.
 */
export function evmAddressProblem(value: string): 'invalid' | 'checksum' | null {
  const text = value.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return 'invalid';
  return isAddress(text, { strict: true }) ? null : 'checksum';
}
