import type { RecoveryTx } from '@keystead/contract/api/recovery';
import { api, V1 } from '@/lib/api-client';

export type { RecoveryTx };

/**
 * POST /wallets/recovery/queue (the recoverer): the transaction queuing the replacement of
 * `lost_owner` by `new_owner`, which the recoverer's own wallet sends (the server holds no key).
 */
export const queueRecoveryTx = (body: { wallet_id: number; lost_owner: string; new_owner: string }) =>
  api.post<RecoveryTx>(`${V1}/wallets/recovery/queue`, body);
