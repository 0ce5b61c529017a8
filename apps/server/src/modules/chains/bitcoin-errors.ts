import {
  isBitcoinChainKey,
  isBitcoinError,
  type BitcoinChainKey,
  type BitcoinErrorCode,
} from '@keystead/chains';
import type { ErrorCode } from '@keystead/contract';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';

/** Adapter codes → catalogue codes (the adapter's catalogue-named codes map one to one). */
const CODES: Partial<Record<BitcoinErrorCode, ErrorCode>> = {
  TAPROOT_UNSUPPORTED_ERROR: 'TAPROOT_UNSUPPORTED_ERROR',
  UTXO_SHORTAGE_ERROR: 'UTXO_SHORTAGE_ERROR',
  TRANSFER_FEE_EXCEEDS_BALANCE_ERROR: 'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR',
  TRANSFER_VOLUME_TOO_SMALL_ERROR: 'TRANSFER_VOLUME_TOO_SMALL_ERROR',
  RBF_FEE_RATE_TOO_LOW_ERROR: 'RBF_FEE_RATE_TOO_LOW_ERROR',
  BROADCAST_INSUFFICIENT_FEE_ERROR: 'BROADCAST_INSUFFICIENT_FEE_ERROR',
  BROADCAST_REJECTED_ERROR: 'BROADCAST_REJECTED_ERROR',
  FEE_RATE_ERROR: 'FEE_RATE_ERROR',
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

/** Runs `work`, turning adapter errors into catalogue errors (with the adapter's reason as data). */
export async function mapped<T>(work: () => T | Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error, field);
  }
}

export function toAppError(error: unknown, field?: string): unknown {
  if (!isBitcoinError(error)) return error;
  const code = CODES[error.code] ?? 'PARAMS_INVALID_ERROR';
  return new AppError(code, field ? { field } : {}, {
    reason: error.code,
    detail: error.message.slice(0, 300),
  });
}

/** A configured Bitcoin-family chain key, or WALLET_CHAIN_UNSUPPORTED_ERROR. */
export function requireUtxoChain(ctx: AppContext, key: string): BitcoinChainKey {
  if (!isBitcoinChainKey(key) || !ctx.chains.isUtxo(key))
    throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  return key;
}
