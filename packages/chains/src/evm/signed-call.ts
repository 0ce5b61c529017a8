import { isChainError } from '../errors';
import { FamilyError } from '../family';
import { decodeSignedTransaction, type SignedEvmTransaction } from './raw-tx';

/**
 * A signed transaction accepted only if it is exactly the expected call on this chain: nothing
 * else may ride on what the server relays (an execution, a Safe deployment).
 */
export async function checkSignedCall(
  chainId: number,
  raw: string,
  expected: { to: string; data: string; value: bigint },
): Promise<SignedEvmTransaction> {
  let signed: SignedEvmTransaction;
  try {
    signed = await decodeSignedTransaction(raw);
  } catch (error) {
    if (isChainError(error)) throw new FamilyError('SIGNATURE_INVALID_ERROR');
    throw error;
  }
  if (signed.chainId !== chainId) throw new FamilyError('SIGNATURE_CHAIN_UNSUPPORTED_ERROR');
  const same =
    signed.to?.toLowerCase() === expected.to.toLowerCase() &&
    signed.data.toLowerCase() === expected.data.toLowerCase() &&
    signed.value === expected.value;
  if (!same) throw new FamilyError('TASK_DATA_CHANGED_ERROR');
  return signed;
}
