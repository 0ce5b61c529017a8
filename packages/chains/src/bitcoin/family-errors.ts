import { FamilyError } from '../family';
import { isBitcoinError, type BitcoinErrorCode, type BitcoinInputReason } from './errors';

/** Adapter codes → catalogue codes (the catalogue-named ones map one to one). */
const CATALOGUE: Partial<Record<BitcoinErrorCode, string>> = {
  INVALID_ADDRESS: 'CHAIN_ADDRESS_INVALID_ERROR',
  PSBT_INVALID: 'SIGNATURE_INVALID_ERROR',
  SIGNATURE_MALFORMED: 'SIGNATURE_INVALID_ERROR',
  SIGNATURE_HIGH_S: 'SIGNATURE_INVALID_ERROR',
  SIGNATURE_INVALID: 'SIGNATURE_INVALID_ERROR',
  SIGNER_NOT_MATCHED: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
  UNSUPPORTED: 'WALLET_CHAIN_UNSUPPORTED_ERROR',
  RPC_ERROR: 'WS_BTC_UTXO_QUERY_ERROR',
  INVALID_ARGUMENT: 'PARAMS_INVALID_ERROR',
  PRIVATE_KEY_REFUSED: 'PARAMS_INVALID_ERROR',
  NETWORK_MISMATCH: 'PARAMS_INVALID_ERROR',
};

/** The fields of a signer key (xpub, fingerprint, path) a refusal can point at. */
const SIGNER_KEY_FIELDS = new Set(['xpub', 'fingerprint', 'path']);

/** A refused signer key names the part that is wrong: the fingerprint, the path or the xpub itself. */
function signerKeyField(reason: BitcoinInputReason): string {
  if (reason.startsWith('fingerprint_')) return 'fingerprint';
  if (reason.startsWith('path_')) return 'path';
  return 'xpub';
}

/**
 * A Bitcoin-family error as the lifecycle's FamilyError: the catalogue code, the field and a
 * reason key (never the adapter's English message, which stays as the error's cause for logs).
 * Entered input a person can correct gets a code whose message words the reason:
 * SIGNER_KEY_INVALID_ERROR for an xpub, fingerprint or path, DESCRIPTOR_INVALID_ERROR for a
 * descriptor, PARAMS_INVALID_ERROR with the reason for the rest.
 */
export function asFamilyError(error: unknown, field?: string): unknown {
  if (!isBitcoinError(error)) return error;
  let code = CATALOGUE[error.code] ?? (error.code.endsWith('_ERROR') ? error.code : 'PARAMS_INVALID_ERROR');
  let where = field;
  const reason = error.reason;
  if (reason && code === 'PARAMS_INVALID_ERROR') {
    if (where && SIGNER_KEY_FIELDS.has(where)) {
      where = signerKeyField(reason);
      code = 'SIGNER_KEY_INVALID_ERROR';
    } else if (where === 'descriptor') code = 'DESCRIPTOR_INVALID_ERROR';
  }
  const mappedError = new FamilyError(code, {
    ...(where ? { field: where } : {}),
    reason: reason ?? error.code,
  });
  mappedError.cause = error;
  return mappedError;
}

/** Runs `work`, turning adapter errors into catalogue errors. */
export async function mapped<T>(work: () => T | Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asFamilyError(error, field);
  }
}

export function mappedSync<T>(work: () => T, field?: string): T {
  try {
    return work();
  } catch (error) {
    throw asFamilyError(error, field);
  }
}
