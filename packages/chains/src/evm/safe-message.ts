import {
  hashDomain,
  hashMessage,
  hashStruct,
  hashTypedData,
  isHex,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { FamilyError } from '../family';
import { normalizeEvmAddress } from './address';
import { SAFE_TX_TYPES, safeMessageTypedData } from './safe-tx';

/**
 * A message a Dapp asks a Safe to sign (Safe Apps `signMessage` / `signTypedMessage`,
 * WalletConnect `personal_sign` / `eth_signTypedData_v4`): an EIP-191 personal message (UTF-8
 * text, or raw bytes when the Dapp sent hex) or EIP-712 typed data.
 */
export type SafeMessageRequest =
  | { kind: 'personal'; text: string | null; raw: Hex | null }
  | { kind: 'typed'; typed_data: TypedDataDefinition };

/** A Safe message task's payload: the request and the hash the Safe's signature is valid for. */
export interface SafeMessagePayload {
  type: 'safe_message';
  request: SafeMessageRequest;
  /** What a Dapp checks with isValidSignature(bytes32, bytes): the EIP-191 or EIP-712 hash. */
  message_hash: Hex;
}

/**
 * The hash a Dapp will verify: hashMessage of the personal message, or the EIP-712 hash of the
 * typed data (viem's hasher, which refuses malformed types). Refuses an empty or unreadable message.
 */
export function safeMessageHashOf(request: SafeMessageRequest): Hex {
  try {
    if (request.kind === 'typed') return hashTypedData(request.typed_data);
    if (request.raw !== null && isHex(request.raw)) return hashMessage({ raw: request.raw });
    if (request.text !== null && request.text !== '') return hashMessage(request.text);
  } catch {
    // falls through to the refusal
  }
  throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'message' });
}

export function safeMessagePayload(request: SafeMessageRequest): SafeMessagePayload {
  return { type: 'safe_message', request, message_hash: safeMessageHashOf(request) };
}

/** Whether a stored payload is a Safe message (safeMessagePayload's JSON begins with its type). */
export const isSafeMessagePayload = (payload: string) => payload.startsWith('{"type":"safe_message"');

/** The payload when a stored payload is a Safe message (else null: a Safe transaction). */
export function safeMessageOfPayload(payload: string): SafeMessagePayload | null {
  if (!isSafeMessagePayload(payload)) return null;
  const parsed = JSON.parse(payload) as SafeMessagePayload;
  // Never trust the stored hash alone: it is recomputed from the request.
  return { ...parsed, message_hash: safeMessageHashOf(parsed.request) };
}

/** The same typed data as viem's hashers take it (their types want a bigint chain id). */
const forViem = (data: ReturnType<typeof safeMessageTypedData>) => data as unknown as TypedDataDefinition;

/**
 * The hash each owner's signature covers: the EIP-712 SafeMessage (bytes message = the 32-byte
 * message hash) for this Safe, as its getMessageHash computes it.
 */
export function safeMessageHash(chainId: number, safe: string, messageHash: Hex): Hex {
  return hashTypedData(forViem(safeMessageTypedData(chainId, safe, messageHash)));
}

/**
 * What an approver or signer reviews of a Safe message: the message itself, the chain and Safe,
 * and the hashes a hardware wallet shows (domain hash, SafeMessage struct hash, their EIP-712 hash).
 */
export function safeMessageReview(chainId: number, safe: string, payload: SafeMessagePayload) {
  const data = safeMessageTypedData(chainId, safe, payload.message_hash);
  const { request } = payload;
  return {
    chain_id: chainId,
    safe_address: normalizeEvmAddress(safe),
    kind: request.kind,
    text: request.kind === 'personal' ? request.text : null,
    raw: request.kind === 'personal' ? request.raw : null,
    typed_data: request.kind === 'typed' ? JSON.stringify(request.typed_data, bigintText) : null,
    message_hash: payload.message_hash,
    safe_message_hash: hashTypedData(forViem(data)),
    domain_hash: hashDomain({
      domain: data.domain,
      types: { EIP712Domain: SAFE_TX_TYPES.EIP712Domain },
    } as never),
    struct_hash: hashStruct({ data: data.message, primaryType: 'SafeMessage', types: forViem(data).types! }),
  };
}

export type SafeMessageReview = ReturnType<typeof safeMessageReview>;

const bigintText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
