import type { TransferTask } from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';

export interface EnableRecoveryBody {
  wallet_id: number;
  recoverer_address: string;
  cooldown_hours: number;
  /** 0: a queued recovery stays executable until it is vetoed or run. */
  expiration_hours: number;
}

/** POST /wallets/recovery/enable (admins): a wallet task (type 6) enabling the delay module. */
export const enableRecovery = (body: EnableRecoveryBody) =>
  api.post<TransferTask>(`${V1}/wallets/recovery/enable`, { ...body, fee_tier: 'standard' });
