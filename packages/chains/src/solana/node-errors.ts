import { isChainError } from '../errors';
import { FamilyError } from '../family';

/** Chain reads: an unreachable or failing node is the catalogue's WS_SOL_RPC_ERROR, not a crash. */
export async function fromNode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FamilyError) throw error;
    if (isChainError(error) && error.code !== 'RPC_ERROR') throw error;
    throw new FamilyError('WS_SOL_RPC_ERROR', {}, (error as Error).message);
  }
}

/** A refused or unreachable send, as the catalogue says it. */
export function sendRefused(error: unknown): FamilyError {
  if (error instanceof FamilyError) return error;
  if (isChainError(error, 'RPC_ERROR')) return new FamilyError('RELAY_UNREACHABLE', {}, error.message);
  if (isChainError(error, 'INSUFFICIENT_FUNDS'))
    return new FamilyError('WS_SOL_INSUFFICIENT_BALANCE', {}, (error as Error).message);
  return new FamilyError('BROADCAST_REJECTED_ERROR', {}, (error as Error).message);
}
