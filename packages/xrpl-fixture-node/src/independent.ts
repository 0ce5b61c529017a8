// Independent reader and verifier of XRP Ledger transactions. Shares no code with xrpl.js or
// ripple-keypairs: ripple-binary-codec only turns transaction JSON into its canonical bytes and back;
// account ids, classic addresses, hashes and signature checks are @noble / @scure code written here
// from the XRPL protocol reference. Keystead's tests use it to check what its xrpl.js-based adapter
// builds, and the fixture node uses it to validate submissions.
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256, sha512 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils';
import { base58xrp } from '@scure/base';
import { decode, encode, encodeForMultisigning, encodeForSigning } from 'ripple-binary-codec';

/** A transaction as ripple-binary-codec's decode returns it. */
export type TxJson = Record<string, unknown>;

/** The 4-byte prefixes rippled hashes or signs before the serialized transaction (HashPrefix.h). */
export const HASH_PREFIX = {
  transactionId: '54584E00', // 'TXN\0'
  txSign: '53545800', // 'STX\0'
  txMultiSign: '534D5400', // 'SMT\0'
} as const;

export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error(`not hex: ${hex}`);
  return hexToBytes(hex.toLowerCase());
}

/** Upper-case hex, as rippled prints hashes, keys and blobs. */
export const toHex = (bytes: Uint8Array): string => bytesToHex(bytes).toUpperCase();

/** SHA-512Half: the first 32 bytes of SHA-512, the XRPL's hash for ids and signing digests. */
export const sha512Half = (bytes: Uint8Array): Uint8Array => sha512(bytes).subarray(0, 32);

const checksumOf = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);
const ACCOUNT_ID_VERSION = 0x00; // type prefix of classic addresses (they start with 'r')

/** 20-byte account id → classic address: base58check in the XRP alphabet, version 0x00. */
export function encodeClassicAddress(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('an account id is 20 bytes');
  const payload = concatBytes(new Uint8Array([ACCOUNT_ID_VERSION]), accountId);
  return base58xrp.encode(concatBytes(payload, checksumOf(payload)));
}

/** Classic address → 20-byte account id; throws on a bad checksum, length or version. */
export function decodeClassicAddress(address: string): Uint8Array {
  const raw = base58xrp.decode(address);
  if (raw.length !== 25 || raw[0] !== ACCOUNT_ID_VERSION)
    throw new Error(`not a classic address: ${address}`);
  const payload = raw.subarray(0, 21);
  if (toHex(checksumOf(payload)) !== toHex(raw.subarray(21))) throw new Error(`bad checksum: ${address}`);
  return payload.subarray(1);
}

export function isClassicAddress(address: unknown): address is string {
  if (typeof address !== 'string' || !address.startsWith('r')) return false;
  try {
    decodeClassicAddress(address);
    return true;
  } catch {
    return false;
  }
}

export type KeyType = 'secp256k1' | 'ed25519';

/** rippled's publicKeyType: 33 bytes, 0xED ‖ 32 for ed25519, 0x02/0x03 ‖ x for secp256k1. */
export function publicKeyType(publicKey: string | Uint8Array): KeyType | undefined {
  const bytes = typeof publicKey === 'string' ? fromHex(publicKey) : publicKey;
  if (bytes.length !== 33) return undefined;
  if (bytes[0] === 0xed) return 'ed25519';
  if (bytes[0] === 0x02 || bytes[0] === 0x03) return 'secp256k1';
  return undefined;
}

/** Account id = RIPEMD160(SHA256(33-byte public key)). */
export function accountIdOf(publicKey: string | Uint8Array): Uint8Array {
  const bytes = typeof publicKey === 'string' ? fromHex(publicKey) : publicKey;
  if (!publicKeyType(bytes)) throw new Error('not an XRPL public key');
  return ripemd160(sha256(bytes));
}

export const addressOfPublicKey = (publicKey: string | Uint8Array): string =>
  encodeClassicAddress(accountIdOf(publicKey));

/** Orders addresses by their 20-byte account id (the order of Signers and SignerEntries). */
export function compareAccounts(a: string, b: string): number {
  const x = toHex(decodeClassicAddress(a));
  const y = toHex(decodeClassicAddress(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The transaction id: SHA-512Half('TXN\0' ‖ signed blob), upper hex. */
export const transactionHash = (blobHex: string): string =>
  toHex(sha512Half(fromHex(HASH_PREFIX.transactionId + blobHex)));

// secp256k1 group order; rippled compares R and S with it (ecdsaCanonicality in PublicKey.cpp).
const ORDER = secp256k1.CURVE.n;

function derInteger(bytes: Uint8Array, at: number): { value: bigint; next: number } | undefined {
  if (bytes.length - at < 3 || bytes[at] !== 0x02) return undefined;
  const len = bytes[at + 1]!;
  const start = at + 2;
  if (len < 1 || len > 33 || start + len > bytes.length) return undefined;
  if ((bytes[start]! & 0x80) !== 0) return undefined; // negative
  if (bytes[start] === 0 && (len === 1 || (bytes[start + 1]! & 0x80) === 0)) return undefined; // zero or padded
  return { value: BigInt(`0x${bytesToHex(bytes.subarray(start, start + len))}`), next: start + len };
}

/**
 * rippled's strict DER check. 'fully-canonical' also has S ≤ n/2 (low S), which rippled requires
 * since the RequireFullyCanonicalSig amendment; 'canonical' is well-formed DER with a high S.
 */
export function ecdsaCanonicality(
  signature: Uint8Array,
): { r: bigint; s: bigint; form: 'fully-canonical' | 'canonical' } | undefined {
  if (signature.length < 8 || signature.length > 72) return undefined;
  if (signature[0] !== 0x30 || signature[1] !== signature.length - 2) return undefined;
  const r = derInteger(signature, 2);
  const s = r && derInteger(signature, r.next);
  if (!r || !s || s.next !== signature.length) return undefined;
  if (r.value >= ORDER || s.value >= ORDER) return undefined;
  return { r: r.value, s: s.value, form: s.value > ORDER - s.value ? 'canonical' : 'fully-canonical' };
}

const to32 = (n: bigint) => fromHex(n.toString(16).padStart(64, '0'));

/**
 * rippled's verify(): secp256k1 checks a fully canonical DER signature over SHA-512Half(message);
 * ed25519 checks a 64-byte signature over the message itself (strict RFC 8032, S < L).
 */
export function verifySignature(publicKeyHex: string, signatureHex: string, message: Uint8Array): boolean {
  try {
    const type = publicKeyType(publicKeyHex);
    const signature = fromHex(signatureHex);
    if (type === 'ed25519') {
      if (signature.length !== 64) return false;
      return ed25519.verify(signature, message, fromHex(publicKeyHex).subarray(1), { zip215: false });
    }
    if (type === 'secp256k1') {
      const der = ecdsaCanonicality(signature);
      if (der?.form !== 'fully-canonical') return false;
      const compact = concatBytes(to32(der.r), to32(der.s));
      return secp256k1.verify(compact, sha512Half(message), fromHex(publicKeyHex), {
        format: 'compact',
        lowS: false,
        prehash: false,
      });
    }
    return false;
  } catch {
    return false;
  }
}

/** Bytes a single signer signs: 'STX\0' ‖ the transaction without its signature fields. */
export const signingBytes = (tx: TxJson): Uint8Array => fromHex(encodeForSigning(tx));

/** Bytes one multi-signer signs: 'SMT\0' ‖ transaction without signature fields ‖ signer's account id. */
export const multiSigningBytes = (tx: TxJson, signer: string): Uint8Array =>
  fromHex(encodeForMultisigning({ ...tx, SigningPubKey: '' }, signer));

export const decodeBlob = (blobHex: string): TxJson => decode(blobHex) as TxJson;
export const encodeTx = (tx: TxJson): string => encode(tx);

export interface SignerField {
  Account: string;
  SigningPubKey: string;
  TxnSignature: string;
}

export const signersOf = (tx: TxJson): SignerField[] =>
  ((tx.Signers as { Signer: SignerField }[] | undefined) ?? []).map((s) => s.Signer);

export const MAX_MULTI_SIGNERS = 32;

/**
 * rippled's STTx::checkSign (the "local checks" submit runs before anything else): returns why the
 * signatures are not acceptable, in rippled's words, or undefined when they are.
 */
export function signatureProblem(tx: TxJson): string | undefined {
  const signingPubKey = String(tx.SigningPubKey ?? '');
  if (signingPubKey !== '') {
    if (tx.Signers !== undefined) return 'Cannot both single- and multi-sign.';
    const ok = verifySignature(signingPubKey, String(tx.TxnSignature ?? ''), signingBytes(tx));
    return ok ? undefined : 'Invalid signature.';
  }
  if (tx.Signers === undefined) return 'Empty SigningPubKey.';
  if (tx.TxnSignature !== undefined) return 'Cannot both single- and multi-sign.';
  const signers = signersOf(tx);
  if (signers.length < 1 || signers.length > MAX_MULTI_SIGNERS) return 'Invalid Signers array size.';
  const unsigned = { ...tx };
  delete unsigned.Signers;
  let last: string | undefined;
  for (const signer of signers) {
    if (signer.Account === tx.Account) return 'Invalid multisigner.';
    if (last !== undefined && signer.Account === last) return 'Duplicate Signers not allowed.';
    if (last !== undefined && compareAccounts(last, signer.Account) > 0) return 'Unsorted Signers array.';
    last = signer.Account;
    const message = multiSigningBytes(unsigned, signer.Account);
    if (!verifySignature(signer.SigningPubKey, signer.TxnSignature, message)) {
      return `Invalid signature on account ${signer.Account}.`;
    }
  }
  return undefined;
}
