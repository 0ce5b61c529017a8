// TEST-ONLY signer for the fixture node's own tests and for Keystead tests that need an XRPL signer
// independent of xrpl.js and ripple-keypairs: @noble keys derived from a seed string (the private
// key is sha256(seed)) and ripple-binary-codec for the bytes. Never used with real keys.
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';
import {
  addressOfPublicKey,
  compareAccounts,
  encodeTx,
  multiSigningBytes,
  sha512Half,
  signingBytes,
  toHex,
  type KeyType,
  type TxJson,
} from './independent.js';

export interface TestKey {
  kind: KeyType;
  /** 33 bytes, upper hex: 02/03 ‖ x for secp256k1, ED ‖ key for ed25519. */
  publicKey: string;
  address: string;
  /** Signs the bytes as rippled verifies them: DER low-S over SHA-512Half, or ed25519 over the bytes. */
  sign(bytes: Uint8Array): string;
}

/** A deterministic test key: the private key is sha256 of the seed string. */
export function testKey(kind: KeyType, seed: string): TestKey {
  const secret = sha256(utf8ToBytes(seed));
  if (kind === 'ed25519') {
    const publicKey = `ED${toHex(ed25519.getPublicKey(secret))}`;
    return {
      kind,
      publicKey,
      address: addressOfPublicKey(publicKey),
      sign: (bytes) => toHex(ed25519.sign(bytes, secret)),
    };
  }
  const publicKey = toHex(secp256k1.getPublicKey(secret, true));
  return {
    kind,
    publicKey,
    address: addressOfPublicKey(publicKey),
    sign: (bytes) => secp256k1.sign(sha512Half(bytes), secret, { lowS: true }).toDERHex().toUpperCase(),
  };
}

/** Single-signs a transaction with the key (sets SigningPubKey and TxnSignature) → tx_blob hex. */
export function signSingle(txJson: TxJson, key: TestKey): string {
  const tx: TxJson = { ...txJson, SigningPubKey: key.publicKey };
  delete tx.TxnSignature;
  delete tx.Signers;
  return encodeTx({ ...tx, TxnSignature: key.sign(signingBytes(tx)) });
}

export interface SignerEntryJson {
  Signer: { Account: string; SigningPubKey: string; TxnSignature: string };
}

/** One multi-signature by the key over the transaction (its Signers, if any, are not signed). */
export function signerEntry(txJson: TxJson, key: TestKey): SignerEntryJson {
  const tx: TxJson = { ...txJson, SigningPubKey: '' };
  delete tx.Signers;
  delete tx.TxnSignature;
  return {
    Signer: {
      Account: key.address,
      SigningPubKey: key.publicKey,
      TxnSignature: key.sign(multiSigningBytes(tx, key.address)),
    },
  };
}

/** The multi-signed tx_blob: Signers sorted by account id, as rippled requires. */
export function multisigned(txJson: TxJson, entries: readonly SignerEntryJson[]): string {
  const Signers = [...entries].sort((a, b) => compareAccounts(a.Signer.Account, b.Signer.Account));
  const tx: TxJson = { ...txJson, SigningPubKey: '', Signers };
  delete tx.TxnSignature;
  return encodeTx(tx);
}
