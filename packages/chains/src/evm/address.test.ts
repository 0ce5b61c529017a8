import { describe, expect, it } from 'vitest';
import { isChainError } from '../errors';
import { addressKeys, evmAddressProblem, isValidEvmAddress, normalizeEvmAddress } from './address';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55 test vector

describe('EVM address rules', () => {
  it('accepts checksummed, all-lower and all-upper spellings', () => {
    expect(isValidEvmAddress(CHECKSUMMED)).toBe(true);
    expect(isValidEvmAddress(CHECKSUMMED.toLowerCase())).toBe(true);
    expect(isValidEvmAddress(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toBe(true);
  });

  it('rejects a mixed-case address whose checksum does not match', () => {
    const typo = CHECKSUMMED.replace('aAeb', 'AAeb');
    expect(isValidEvmAddress(typo)).toBe(false);
    expect(() => normalizeEvmAddress(typo)).toThrow();
    // Named as a checksum typo, apart from a string that is no address at all.
    expect(evmAddressProblem(typo)).toBe('checksum');
    expect(evmAddressProblem('0x1234')).toBe('invalid');
    expect(evmAddressProblem(CHECKSUMMED)).toBeNull();
  });

  it('rejects wrong length, missing prefix, non-hex, non-strings', () => {
    for (const bad of [
      '',
      '0x',
      CHECKSUMMED.slice(0, 41),
      `${CHECKSUMMED}00`,
      CHECKSUMMED.slice(2),
      '0xZZZeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      ` ${CHECKSUMMED}`,
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    ]) {
      expect(isValidEvmAddress(bad), bad).toBe(false);
    }
    expect(isValidEvmAddress(undefined as unknown as string)).toBe(false);
  });

  it('normalizes to the EIP-55 checksum and throws INVALID_ADDRESS', () => {
    expect(normalizeEvmAddress(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
    try {
      normalizeEvmAddress('0x1234');
      expect.unreachable();
    } catch (e) {
      expect(isChainError(e, 'INVALID_ADDRESS')).toBe(true);
    }
  });

  it('keys many addresses by their lower-case spelling, once each, and refuses a malformed one', () => {
    const upper = `0x${CHECKSUMMED.slice(2).toUpperCase()}`;
    expect(addressKeys([CHECKSUMMED, upper, CHECKSUMMED.toLowerCase()])).toEqual([CHECKSUMMED.toLowerCase()]);
    expect(() => addressKeys([CHECKSUMMED, '0x1234'])).toThrow(/invalid EVM address/);
  });
});
