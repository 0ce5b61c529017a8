/**
 * Errors of the Bitcoin-family adapter. Codes that have a twin in the API's error catalogue
 * (packages/contract) carry the catalogue's name, so the server maps them one to one.
 */
export type BitcoinErrorCode =
  // catalogue codes
  | 'TAPROOT_UNSUPPORTED_ERROR'
  | 'UTXO_SHORTAGE_ERROR'
  | 'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR'
  | 'TRANSFER_VOLUME_TOO_SMALL_ERROR'
  | 'RBF_FEE_RATE_TOO_LOW_ERROR'
  | 'BROADCAST_INSUFFICIENT_FEE_ERROR'
  | 'BROADCAST_REJECTED_ERROR'
  | 'FEE_RATE_ERROR'
  // adapter-level codes (the server picks the catalogue code that fits its context)
  /** Malformed input: xpub, path, descriptor, threshold, amount … */
  | 'INVALID_ARGUMENT'
  | 'INVALID_ADDRESS'
  /** An extended private key was given where only public keys are accepted. */
  | 'PRIVATE_KEY_REFUSED'
  /** A key or descriptor for another network (xpub on testnet, tpub on mainnet). */
  | 'NETWORK_MISMATCH'
  | 'PSBT_INVALID'
  | 'SIGNATURE_MALFORMED'
  | 'SIGNATURE_HIGH_S'
  | 'SIGNATURE_INVALID'
  /** The public key is not one of the input's multisig keys. */
  | 'SIGNER_NOT_MATCHED'
  /** Finalizing with fewer valid signatures than the threshold on some input. */
  | 'SIGNATURES_BELOW_THRESHOLD'
  /** The chain has no such feature (RBF on Bitcoin Cash). */
  | 'UNSUPPORTED'
  | 'RPC_ERROR';

export class BitcoinError extends Error {
  readonly code: BitcoinErrorCode;

  constructor(code: BitcoinErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BitcoinError';
    this.code = code;
  }
}

export function isBitcoinError(error: unknown, code?: BitcoinErrorCode): error is BitcoinError {
  return error instanceof BitcoinError && (code === undefined || error.code === code);
}
