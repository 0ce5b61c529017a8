import { getAddress, type Address } from 'viem';
import { ChainError } from '../errors';

/**
 * Strict EVM address rule: 0x + 40 hex digits; all-lower or all-upper case is accepted as is,
 * mixed case must be the exact EIP-55 checksum (a typo in a checksummed address is caught).
 */
export function isValidEvmAddress(address: string): boolean {
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return getAddress(address) === address;
}

/** Why an address is refused: not an EVM address at all, or a mixed-case spelling whose EIP-55 checksum fails (a typo). */
export function evmAddressProblem(address: string): 'invalid' | 'checksum' | null {
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return 'invalid';
  return isValidEvmAddress(address) ? null : 'checksum';
}

/** The EIP-55 checksummed spelling; throws ChainError('INVALID_ADDRESS'). */
export function normalizeEvmAddress(address: string): Address {
  if (!isValidEvmAddress(address))
    throw new ChainError('INVALID_ADDRESS', `invalid EVM address: ${String(address)}`);
  return getAddress(address);
}

/**
 * The distinct lower-case spellings of many addresses, for log filters and set membership: the
 * format is checked but no checksum computed. A scan of every wallet would otherwise hash each
 * address on each run (viem's checksum cache holds 8,192, so a larger list misses every time).
 */
export function addressKeys(addresses: string[]): Address[] {
  const keys = new Set<Address>();
  for (const address of addresses) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address))
      throw new ChainError('INVALID_ADDRESS', `invalid EVM address: ${String(address)}`);
    keys.add(address.toLowerCase() as Address);
  }
  return [...keys];
}

/** Lower-case key for maps (tokens in a BalanceSheet, set membership). */
export const addressKey = (address: string): string => address.toLowerCase();
