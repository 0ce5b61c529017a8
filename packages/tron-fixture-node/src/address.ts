// Tron addresses without tronweb: 0x41 ‖ last 20 bytes of keccak256(uncompressed public key
// without its 0x04 prefix), shown as base58check (T…) or as 21-byte hex (41…).
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

export const TRON_ADDRESS_PREFIX = 0x41;

export function strip0x(hex: string): string {
  return hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
}

export function fromHex(hex: string): Uint8Array {
  const clean = strip0x(hex);
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) throw new Error(`not hex: ${hex}`);
  return hexToBytes(clean.toLowerCase());
}

export const toHex = bytesToHex;

/** Base58check (T…) → 21 bytes starting with 0x41. Throws on a bad checksum or another prefix. */
export function base58ToBytes(address: string): Uint8Array {
  const bytes = base58check.decode(address);
  if (bytes.length !== 21 || bytes[0] !== TRON_ADDRESS_PREFIX)
    throw new Error(`not a Tron address: ${address}`);
  return bytes;
}

/** 'T…' → '41…' (42 hex characters, lower case). */
export function base58ToHex(address: string): string {
  return toHex(base58ToBytes(address));
}

/** '41…' (or the 21 bytes) → 'T…'. */
export function hexToBase58(hexOrBytes: string | Uint8Array): string {
  const bytes = typeof hexOrBytes === 'string' ? fromHex(hexOrBytes) : hexOrBytes;
  if (bytes.length !== 21 || bytes[0] !== TRON_ADDRESS_PREFIX) throw new Error('not a 21-byte 0x41 address');
  return base58check.encode(bytes);
}

/** Accepts either spelling the Tron HTTP API uses (visible true: T…, false: 41…) and returns 21 bytes. */
export function addressToBytes(address: string): Uint8Array {
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return base58ToBytes(address);
  const bytes = fromHex(address);
  if (bytes.length !== 21 || bytes[0] !== TRON_ADDRESS_PREFIX)
    throw new Error(`not a Tron address: ${address}`);
  return bytes;
}

/** Either spelling → base58 (T…). */
export function toBase58(address: string): string {
  return hexToBase58(addressToBytes(address));
}

export function isTronAddress(address: string): boolean {
  try {
    addressToBytes(address);
    return true;
  } catch {
    return false;
  }
}

/** A compressed (33) or uncompressed (65) secp256k1 public key → base58 address. */
export function addressFromPublicKey(publicKey: string | Uint8Array): string {
  const bytes = typeof publicKey === 'string' ? fromHex(publicKey) : publicKey;
  const uncompressed = secp256k1.ProjectivePoint.fromHex(bytes).toRawBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const out = new Uint8Array(21);
  out[0] = TRON_ADDRESS_PREFIX;
  out.set(hash.subarray(12), 1);
  return hexToBase58(out);
}
