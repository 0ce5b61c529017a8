import { describe, expect, it } from 'vitest';
import {
  isDestinationTag,
  isKeyOfAddress,
  isXrpClassicAddress,
  isXrpRecipient,
  isXrpXAddress,
} from './xrp-address';

// The genesis account, and its X-addresses (no tag / tag 4242, main and test ledgers) as
// ripple-address-codec spells them.
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const X_MAIN = 'XVPcpSm47b1CZkf5AkKM9a84dQHe3m4sBhsrA4XtnBECTAc';
const X_TEST_TAG = 'TVK3SYvMLZR6rEtLDZh3saYHaqFSeM9CB8Ziq2SUtPiXNTv';

describe('XRP Ledger addresses', () => {
  it('accepts a classic r… address and refuses a mistyped character or another format', () => {
    expect(isXrpClassicAddress(GENESIS)).toBe(true);
    expect(isXrpClassicAddress('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi')).toBe(false);
    expect(isXrpClassicAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isXrpClassicAddress(X_MAIN)).toBe(false);
    expect(isXrpClassicAddress('')).toBe(false);
  });

  it('accepts X-addresses (main and test, with a tag) as recipients only', () => {
    expect(isXrpXAddress(X_MAIN)).toBe(true);
    expect(isXrpXAddress(X_TEST_TAG)).toBe(true);
    expect(isXrpXAddress(`${X_MAIN.slice(0, -1)}d`)).toBe(false);
    expect(isXrpRecipient(X_TEST_TAG)).toBe(true);
    expect(isXrpRecipient(GENESIS)).toBe(true);
    expect(isXrpRecipient('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf')).toBe(false);
  });

  it('takes destination tags from 0 to 4294967295', () => {
    expect(isDestinationTag('0')).toBe(true);
    expect(isDestinationTag('4294967295')).toBe(true);
    expect(isDestinationTag('4294967296')).toBe(false);
    expect(isDestinationTag('-1')).toBe(false);
    expect(isDestinationTag('1.5')).toBe(false);
  });
});

describe('isKeyOfAddress', () => {
  // Keys and their addresses as ripple-keypairs' deriveAddress gives them.
  const SECP = '034D0894D9732F72CDB52E9166C1EE28644BDD63B04194EAB966D5566CAE03CE6D';
  const ED = 'ED757F5DA2CF1BCB7835F4A85DEFD8809EF02EED45D3FA599F28AAAACD323CDF5C';
  it('says whether a secp256k1 or ed25519 public key is the key of an address', () => {
    expect(isKeyOfAddress(SECP, 'r4mGizW4ya1kqgWQyDEaFRyh5MSpcBwSJc')).toBe(true);
    expect(isKeyOfAddress(ED.toLowerCase(), 'rh1Nx9MmK4vxxkpcpR2GTAtCpMZkcQ31XP')).toBe(true);
    expect(isKeyOfAddress(ED, 'r4mGizW4ya1kqgWQyDEaFRyh5MSpcBwSJc')).toBe(false);
    expect(isKeyOfAddress('04ABCD', 'r4mGizW4ya1kqgWQyDEaFRyh5MSpcBwSJc')).toBe(false);
  });
});
