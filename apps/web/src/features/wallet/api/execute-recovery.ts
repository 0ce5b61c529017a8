import type { RecoveryTx } from '@keystead/contract/api/recovery';
import { api, V1 } from '@/lib/api-client';

/** POST /wallets/recovery/execute: the transaction running the next queued recovery (anyone sends it). */
export const executeRecoveryTx = (walletId: number) =>
  api.post<RecoveryTx>(`${V1}/wallets/recovery/execute`, { wallet_id: walletId });
