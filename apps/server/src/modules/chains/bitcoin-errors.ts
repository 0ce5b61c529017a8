import { asFamilyError, isBitcoinChainKey, type BitcoinChainKey } from '@keystead/chains';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { asAppError } from '../transfers/transfer-family';

/** Runs `work`, turning Bitcoin-family adapter errors into catalogue errors (the adapter's reason as data). */
export async function mapped<T>(work: () => T | Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asAppError(asFamilyError(error, field));
  }
}

/** A configured Bitcoin-family chain key, or WALLET_CHAIN_UNSUPPORTED_ERROR. */
export function requireUtxoChain(ctx: AppContext, key: string): BitcoinChainKey {
  if (!isBitcoinChainKey(key) || !ctx.chains.isUtxo(key))
    throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  return key;
}
