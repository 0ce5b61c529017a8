import { isChainError } from '../errors';
import { FamilyError } from '../family';
import { isRefusal } from './rpc';

/**
 * Ledger reads: an unreachable server, or one that refuses a read it should answer, is the
 * catalogue's WS_XRP_RPC_ERROR, not a crash.
 */
export async function fromNode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isChainError(error, 'RPC_ERROR') || isRefusal(error))
      throw new FamilyError('WS_XRP_RPC_ERROR', {}, (error as Error).message);
    throw error;
  }
}
