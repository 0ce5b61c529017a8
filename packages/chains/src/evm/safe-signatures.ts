import { concat, hashMessage, numberToHex, hexToBytes, pad, size, toHex, type Address, type Hex } from 'viem';
import { ChainError } from '../errors';
import { normalizeEvmAddress } from './address';
import { recoverEvmSigner } from './ecdsa-recover';

/**
 * How an owner's approval of a safeTxHash is expressed (Safe v1.4.1 checkNSignatures):
 * - eip712: ECDSA over the safeTxHash (eth_signTypedData_v4), v = 27/28;
 * - eth_sign: ECDSA over the EIP-191 personal-message hash of the safeTxHash, encoded v + 4 = 31/32;
 * - eip1271: a contract owner; its own signature bytes, checked by the contract (v = 0, dynamic part);
 * - approved_hash: the owner called approveHash(safeTxHash) on the Safe (v = 1, no bytes).
 */
export type SafeSignatureKind = 'eip712' | 'eth_sign' | 'eip1271' | 'approved_hash';

/** A verified owner approval, ready for encodeSafeSignatures. */
export interface SafeSignature {
  signer: Address;
  kind: SafeSignatureKind;
  /**
   * eip712 / eth_sign: the 65-byte r‖s‖v in Safe encoding (v 27/28, resp. 31/32);
   * eip1271: the contract's own signature bytes; approved_hash: "0x".
   */
  signature: Hex;
}

/** secp256k1 group order n and n/2 (EIP-2: s must be in the lower half). */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
export const SECP256K1_HALF_N = SECP256K1_N / 2n;

export interface ParsedEcdsa {
  r: bigint;
  s: bigint;
  /** As given (0, 1, 27, 28, 31, 32). */
  v: number;
}

/** Splits a 65-byte r‖s‖v signature and applies the strict rules (malformed, high s). */
export function parseEcdsaSignature(signature: string): ParsedEcdsa {
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]*$/.test(signature)) {
    throw new ChainError('SIGNATURE_MALFORMED', 'signature is not 0x-prefixed hex');
  }
  if (signature.length !== 2 + 65 * 2) {
    throw new ChainError(
      'SIGNATURE_MALFORMED',
      `signature must be 65 bytes, got ${(signature.length - 2) / 2}`,
    );
  }
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  if (r === 0n || r >= SECP256K1_N || s === 0n || s >= SECP256K1_N) {
    throw new ChainError('SIGNATURE_MALFORMED', 'signature r or s out of range');
  }
  if (s > SECP256K1_HALF_N)
    throw new ChainError('SIGNATURE_HIGH_S', 'signature s is above secp256k1n/2 (malleable)');
  if (![0, 1, 27, 28, 31, 32].includes(v))
    throw new ChainError('SIGNATURE_MALFORMED', `unsupported signature v ${v}`);
  return { r, s, v };
}

const word = (value: bigint): Hex => numberToHex(value, { size: 32 });

/** Recovers the signer of a 32-byte hash; throws SIGNATURE_INVALID when recovery fails. */
export async function recoverEcdsa(hash: Hex, sig: ParsedEcdsa, recoveryV: 27 | 28): Promise<Address> {
  const signer = recoverEvmSigner(
    hash,
    hexToBytes(concat([word(sig.r), word(sig.s)])),
    recoveryV === 28 ? 1 : 0,
  );
  if (!signer) throw new ChainError('SIGNATURE_INVALID', 'signature does not recover to a public key');
  return normalizeEvmAddress(signer);
}

/**
 * Recovers the owner behind an EOA signature of `safeTxHash`.
 * `form` says how the wallet produced it when v alone cannot (a personal_sign result has
 * v 27/28 like a typed-data one): without it, v 0/1/27/28 = eip712 and v 31/32 = eth_sign.
 */
export async function recoverSafeTxSigner(
  hash: Hex,
  signature: string,
  form?: 'eip712' | 'eth_sign',
): Promise<SafeSignature> {
  const sig = parseEcdsaSignature(signature);
  let kind: 'eip712' | 'eth_sign';
  let parity: 0 | 1;
  if (sig.v === 31 || sig.v === 32) {
    if (form === 'eip712')
      throw new ChainError('SIGNATURE_MALFORMED', 'v 31/32 is the eth_sign encoding, not EIP-712');
    kind = 'eth_sign';
    parity = (sig.v - 31) as 0 | 1;
  } else {
    kind = form ?? 'eip712';
    parity = (sig.v >= 27 ? sig.v - 27 : sig.v) as 0 | 1;
  }
  const recoveryV = (27 + parity) as 27 | 28;
  const digest = kind === 'eth_sign' ? hashMessage({ raw: hash }) : hash;
  const signer = await recoverEcdsa(digest, sig, recoveryV);
  const v = kind === 'eth_sign' ? recoveryV + 4 : recoveryV;
  return { signer, kind, signature: concat([word(sig.r), word(sig.s), toHex(v, { size: 1 })]) };
}

/**
 * The `signatures` bytes for execTransaction: one 65-byte static part per owner, sorted by
 * owner address ascending (the Safe requires strictly increasing owners), then the dynamic
 * parts of contract signatures (32-byte length + bytes) that the static parts point to.
 */
export function encodeSafeSignatures(list: readonly SafeSignature[]): Hex {
  const sorted = list
    .map((item) => ({ ...item, signer: normalizeEvmAddress(item.signer) }))
    .sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : BigInt(a.signer) > BigInt(b.signer) ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.signer === sorted[i - 1]!.signer) {
      throw new ChainError('INVALID_ARGUMENT', `two signatures of owner ${sorted[i]!.signer}`);
    }
  }
  const statics: Hex[] = [];
  const dynamics: Hex[] = [];
  let dynamicOffset = BigInt(sorted.length * 65);
  for (const item of sorted) {
    const owner = pad(item.signer, { size: 32 });
    switch (item.kind) {
      case 'eip712':
      case 'eth_sign': {
        const sig = parseEcdsaSignature(item.signature);
        const expected = item.kind === 'eth_sign' ? [31, 32] : [27, 28];
        if (!expected.includes(sig.v)) {
          throw new ChainError(
            'SIGNATURE_MALFORMED',
            `${item.kind} signature needs v ${expected.join('/')} (use the verified form)`,
          );
        }
        statics.push(item.signature.toLowerCase() as Hex);
        break;
      }
      case 'approved_hash':
        statics.push(concat([owner, word(0n), '0x01']));
        break;
      case 'eip1271': {
        if (!/^0x([0-9a-fA-F]{2})*$/.test(item.signature)) {
          throw new ChainError('SIGNATURE_MALFORMED', 'contract signature is not hex bytes');
        }
        const bytes = item.signature.toLowerCase() as Hex;
        statics.push(concat([owner, word(dynamicOffset), '0x00']));
        const length = size(bytes);
        dynamics.push(concat([word(BigInt(length)), bytes]));
        dynamicOffset += BigInt(32 + length);
        break;
      }
      default:
        throw new ChainError(
          'INVALID_ARGUMENT',
          `unknown signature kind ${String((item as SafeSignature).kind)}`,
        );
    }
  }
  return concat([...statics, ...dynamics]).toLowerCase() as Hex;
}
