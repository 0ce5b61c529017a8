import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import type {
  CustomTokenReply,
  WalletNameReply,
  WalletStatusReply,
  WalletSwitchReply,
} from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

export type RolePath = 'operator' | 'viewer' | 'risk-control-user';

export const setWalletRole = (path: RolePath, walletId: number, userIds: number[]) =>
  api.put<DoneReply>(`${V1}/wallets/${path}`, { wallet_id: walletId, user_ids: userIds });
export const setWalletApprovers = (walletId: number, userIds: number[], approvalThreshold: number) =>
  api.put<DoneReply>(`${V1}/wallets/approver`, {
    wallet_id: walletId,
    user_ids: userIds,
    approval_threshold: approvalThreshold,
  });
export const setWalletSwitch = (path: 'open-whitelist' | 'open-asset-tag', walletId: number, open: boolean) =>
  api.put<WalletSwitchReply>(`${V1}/wallets/${path}`, { wallet_id: walletId, open });
/** Name and remark; in a family space also what the wallet is for (3 inheritance, 4 common, 5 backup). */
export const renameWallet = (
  walletId: number,
  values: { name: string; remark?: string; family_address_type?: 3 | 4 | 5 },
) => api.post<WalletNameReply>(`${V1}/wallets/name`, { wallet_id: walletId, ...values });
export const archiveWallet = (walletId: number, name: string, emailCode: string) =>
  api.post<WalletStatusReply>(`${V1}/wallets/archive`, { wallet_id: walletId, name, email_code: emailCode });
export const addCustomToken = (body: {
  wallet_id: number;
  contract: string;
  symbol?: string;
  decimals?: number;
}) => api.post<CustomTokenReply>(`${V1}/wallets/custom-token`, body);

/** Any settings change of one wallet; afterwards its detail, assets and the list are read again. */
export function useWalletMutation<T>(walletId: number, run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['wallet', 'base-info', walletId] }),
        client.invalidateQueries({ queryKey: ['wallet', 'assets', walletId] }),
        client.invalidateQueries({ queryKey: ['wallet', 'list'] }),
      ]),
  });
}
