import type { TransferTask } from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';

/** POST /wallets/recovery/disable (admins): a wallet task disabling the recovery module. */
export const disableRecovery = (walletId: number) =>
  api.post<TransferTask>(`${V1}/wallets/recovery/disable`, { wallet_id: walletId, fee_tier: 'standard' });
