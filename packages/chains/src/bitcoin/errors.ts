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
  /** A coin spent by the recovery path is younger than its delay (the node's non-BIP68-final). */
  | 'WALLET_RECOVERY_DELAY_ERROR'
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

/**
 * Why an entered key, path or descriptor was refused. The English message of a BitcoinError is for
 * developers; replies carry this key and the server words it in the user's language (the
 * contract's ERROR_REASONS has a text for every key).
 */
export const BITCOIN_INPUT_REASONS = [
  // an extended public key (xpub, ypub, zpub, tpub …)
  'xpub_not_base58',
  'xpub_checksum',
  'xpub_length',
  'xpub_private',
  'xpub_version_unknown',
  'xpub_mainnet_on_testnet',
  'xpub_testnet_on_mainnet',
  'xpub_key_invalid',
  'xpub_depth_mismatch',
  'xpub_child_mismatch',
  // the master key fingerprint and the derivation path beside it
  'fingerprint_format',
  'fingerprint_mismatch',
  'path_step_invalid',
  'path_step_out_of_range',
  // a plain public key, and deriving below an xpub
  'pubkey_format',
  'pubkey_not_on_curve',
  'hardened_from_public',
  // an output descriptor
  'descriptor_checksum',
  'descriptor_not_multisig',
  'descriptor_threshold',
  'descriptor_uncompressed_key',
  'descriptor_key_origin',
  'descriptor_hardened_step',
  'descriptor_wrapper_wsh',
  'descriptor_wrapper_sh',
  'descriptor_key_origin_missing',
  'descriptor_key_suffix',
  // the wallet the keys make
  'wallet_key_count',
  'wallet_threshold',
  'wallet_duplicate_key',
] as const;

export type BitcoinInputReason = (typeof BITCOIN_INPUT_REASONS)[number];

export class BitcoinError extends Error {
  readonly code: BitcoinErrorCode;
  /** Why the input was refused, when the input is something a person entered. */
  readonly reason?: BitcoinInputReason;

  constructor(
    code: BitcoinErrorCode,
    message: string,
    options?: { cause?: unknown; reason?: BitcoinInputReason },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BitcoinError';
    this.code = code;
    if (options?.reason) this.reason = options.reason;
  }
}

export function isBitcoinError(error: unknown, code?: BitcoinErrorCode): error is BitcoinError {
  return error instanceof BitcoinError && (code === undefined || error.code === code);
}
