import { isChainError } from '../errors';
import { FamilyError } from '../family';

/** Node reads: an unreachable or failing Tron node is the catalogue's WS_TRON_RPC_ERROR, not a crash. */
export async function fromNode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isChainError(error, 'RPC_ERROR')) throw new FamilyError('WS_TRON_RPC_ERROR', {}, error.message);
    throw error;
  }
}
