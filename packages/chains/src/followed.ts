import type { ConfirmationStatus } from './types';

/** The block facts of a confirmation that has them (number, hash, confirmations, fee paid). */
export function blockFacts(result: ConfirmationStatus) {
  return {
    ...(result.blockNumber !== undefined ? { blockNumber: result.blockNumber } : {}),
    ...(result.blockHash ? { blockHash: result.blockHash } : {}),
    ...(result.confirmations !== undefined ? { confirmations: result.confirmations } : {}),
    ...(result.fee !== undefined ? { fee: result.fee } : {}),
    ...(result.payerSpent !== undefined ? { payerSpent: result.payerSpent } : {}),
  };
}
