import type { RecoveryInfo } from '@keystead/contract/api/recovery';
import { api, V1 } from '@/lib/api-client';

/** POST /wallets/recovery/sync: the server reads the wallet's recovery module on chain now. */
export const syncRecovery = (walletId: number) =>
  api.post<RecoveryInfo>(`${V1}/wallets/recovery/sync`, { wallet_id: walletId });
