import type { TransferTask } from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';

/** POST /wallets/recovery/cancel: the owners' veto, a wallet task skipping every queued recovery. */
export const cancelRecovery = (walletId: number) =>
  api.post<TransferTask>(`${V1}/wallets/recovery/cancel`, { wallet_id: walletId, fee_tier: 'standard' });
