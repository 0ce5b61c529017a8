import '../node-globals';
import type { UR } from '@ngraveio/bc-ur';
import { CryptoMultiAccounts, SignType, SolSignRequest, SolSignature } from '@keystonehq/bc-ur-registry-sol';
import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha256';
import { base58Decode, base58Encode } from '../solana-address';
import { readApproval, signedApproval } from '../solana-approval';
import { UrReadError } from './ur-codec';
import { SQUADS_V4 } from '../squads-accounts';

/**
 * Keystone's Solana URs: `crypto-multi-accounts` (the device's Solana account export),
 * `sol-sign-request` (bytes to sign, with the key's path and the master fingerprint) and
 * `sol-signature` (64 bytes of ed25519, with the request's id). The device signs exactly the bytes
 * it is given (keystone3-firmware rust/apps/solana: `sign` over the message), for a transaction
 * its message bytes; a signature is used only once it verifies with the signer's key over them.
 */

/** A Solana key of a device's export: what a sign request names to have it signed. */
export interface SolQrAccount {
  address: string;
  /** e.g. m/44'/501'/0'/0' */
  path: string;
  /** The device's master fingerprint, 8 hex digits. */
  fingerprint: string;
}

/**
 * The Solana keys of a `crypto-multi-accounts` export. The platform knows a signer only by its
 * address; Keystone wants the path and the fingerprint it exported (its own sol-keyring takes
 * both from this export), so they are read here rather than guessed from a list of paths.
 */
export function solAccountsFromUr(ur: UR): SolQrAccount[] {
  if (ur.type !== 'crypto-multi-accounts') throw new UrReadError('wrong_type', ur.type);
  const accounts = CryptoMultiAccounts.fromCBOR(ur.cbor);
  const fingerprint = accounts.getMasterFingerprint().toString('hex');
  return accounts.getKeys().flatMap((key) => {
    const path = key.getOrigin()?.getPath();
    const bytes = key.getKey();
    if (!path?.startsWith("44'/501'") || bytes.length !== 32) return [];
    return [{ address: base58Encode(bytes), path: `m/${path}`, fingerprint }];
  });
}

/** A reply whose signature is not the signer's over exactly the bytes asked. */
export class NotSignedBySigner extends UrReadError {}

export interface SolSignRequestInput {
  /** An approval's message bytes, or a text's UTF-8 bytes. */
  kind: 'transaction' | 'message';
  data: Uint8Array;
  account: SolQrAccount;
  requestId: string;
  /** Who asks, shown by the device. */
  origin?: string;
}

/** The request as Keystone's sol-keyring builds it (no address field: the path names the key). */
export function solSignRequestUr(input: SolSignRequestInput): UR {
  return SolSignRequest.constructSOLRequest(
    Buffer.from(input.data),
    input.account.path,
    input.account.fingerprint,
    input.kind === 'transaction' ? SignType.Transaction : SignType.Message,
    input.requestId,
    undefined,
    input.origin ?? 'Keystead',
  ).toUR();
}

/**
 * The 64-byte signature of a `sol-signature` reply: refused unless it answers `requestId` and
 * verifies with `signer`'s key over exactly `data`.
 */
export function solSignatureFromUr(ur: UR, requestId: string, data: Uint8Array, signer: string): Uint8Array {
  if (ur.type !== 'sol-signature') throw new UrReadError('wrong_type', ur.type);
  const reply = SolSignature.fromCBOR(ur.cbor);
  const answered = reply.getRequestId();
  const expected = Buffer.from(requestId.replace(/-/g, ''), 'hex');
  if (!answered || !answered.equals(expected)) throw new UrReadError('invalid', 'request id');
  const signature = new Uint8Array(reply.getSignature());
  const key = base58Decode(signer);
  if (signature.length !== 64 || key?.length !== 32) throw new UrReadError('invalid', 'signature length');
  let valid = false;
  try {
    valid = ed25519.verify(signature, data, key);
  } catch {
    valid = false;
  }
  if (!valid) throw new NotSignedBySigner('invalid', `not ${signer}'s signature of these bytes`);
  return signature;
}

/** The Squads v4 instructions Keystone names (keystone3-firmware resolvers/squads_v4.rs), by Anchor name. */
const SQUADS_METHODS = ['vault_transaction_create', 'proposal_create', 'proposal_approve'];
const anchorDiscriminator = (name: string) =>
  Buffer.from(sha256(`global:${name}`).slice(0, 8)).toString('hex');
const pascal = (name: string) =>
  name.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());

/**
 * An unsigned approval (base64 wire transaction): the message bytes its signers sign, and the
 * Squads v4 methods it calls, read from those bytes and named as the device names them.
 */
export async function approvalMessage(wire: string) {
  const approval = await readApproval(wire);
  const { keys } = approval;
  const squads = approval.transaction.message.compiledInstructions
    .filter((instruction) => keys[instruction.programIdIndex] === SQUADS_V4)
    .map((instruction) => {
      const head = Buffer.from(instruction.data.slice(0, 8)).toString('hex');
      const name = SQUADS_METHODS.find((method) => anchorDiscriminator(method) === head);
      return name ? pascal(name) : `unknown ${head}`;
    });
  return { ...approval, squads };
}

/** The approval with `signature` in `signer`'s slot, base64, as the browser wallet returns it. */
export async function withSignature(wire: string, signer: string, signature: Uint8Array) {
  return signedApproval(await readApproval(wire), signer, signature);
}
