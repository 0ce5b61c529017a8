/**
 * Typed errors of the chain layer. Callers map `code` to the API's error catalogue; `message`
 * is for logs, never shown to end users verbatim.
 */
export type ChainErrorCode =
  /** An address that is not valid for the chain (wrong length, bad checksum …). */
  | 'INVALID_ADDRESS'
  /** An argument that cannot be used (threshold out of range, duplicate owners …). */
  | 'INVALID_ARGUMENT'
  /** The chain key is not in the chain table. */
  | 'UNSUPPORTED_CHAIN'
  /** The contract does not answer like an ERC-20 token (or there is no contract). */
  | 'TOKEN_NOT_FOUND'
  /** Signature bytes of the wrong length, not hex, or an unknown v. */
  | 'SIGNATURE_MALFORMED'
  /** An ECDSA signature with s above secp256k1n/2 (malleable twin of a valid one). */
  | 'SIGNATURE_HIGH_S'
  /** Recovery failed, or the contract signer (EIP-1271) / approved-hash check said no. */
  | 'SIGNATURE_INVALID'
  /** The node rejected a raw transaction: nonce too low. */
  | 'NONCE_TOO_LOW'
  /** The node rejected a raw transaction: the sender cannot pay value + fee. */
  | 'INSUFFICIENT_FUNDS'
  /** The node already has this transaction. */
  | 'ALREADY_KNOWN'
  /** The node rejected a replacement: fee too low. */
  | 'FEE_TOO_LOW'
  /** The node refused a transaction for another stated reason (expired, bad signature …). */
  | 'REJECTED'
  /** Any other node / transport failure. */
  | 'RPC_ERROR';

export class ChainError extends Error {
  readonly code: ChainErrorCode;

  constructor(code: ChainErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainError';
    this.code = code;
  }
}

export function isChainError(error: unknown, code?: ChainErrorCode): error is ChainError {
  return error instanceof ChainError && (code === undefined || error.code === code);
}
