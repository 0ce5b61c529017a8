import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

export interface WalletPermissions {
  operators?: number[];
  approvers?: number[];
  approval_threshold?: number;
  viewers?: number[];
  risk_control_users?: number[];
  broadcasters?: number[];
}

/** POST /wallets/multi-permission: several wallet roles in one change (only the roles given change). */
export const setWalletPermissions = (walletId: number, roles: WalletPermissions) =>
  api.post<DoneReply>(`${V1}/wallets/multi-permission`, { wallet_id: walletId, ...roles });
