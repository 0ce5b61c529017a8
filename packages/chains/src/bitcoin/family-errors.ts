import { FamilyError } from '../family';
import { isBitcoinError, type BitcoinErrorCode } from './errors';

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

/** A Bitcoin-family error as the lifecycle's FamilyError (the adapter's reason kept as detail). */
export function asFamilyError(error: unknown, field?: string): unknown {
  if (!isBitcoinError(error)) return error;
  const code = error.code.endsWith('_ERROR') ? error.code : (CATALOGUE[error.code] ?? 'PARAMS_INVALID_ERROR');
  return new FamilyError(code, {
    ...(field ? { field } : {}),
    reason: error.code,
    detail: error.message.slice(0, 300),
  });
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
