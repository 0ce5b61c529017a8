import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { CreateMultiWalletReply } from '@keystead/contract/api/wallet-replies';
import type { RecoveryKeyDraft } from '../timelock-recovery';
import type { WalletBase } from './types';

export interface CreateMultiWalletInput {
  name: string;
  remark?: string;
  chain_key: string;
  signers: number[];
  threshold: number;
  approvers: number[];
  approval_threshold: number;
  operators: number[];
  viewers: number[];
  risk_control_users: number[];
  broadcasters: number[];
  broadcast_scope: 2 | 3 | 4;
  /** Tron: the weights of `signers`, in order, and the account they take over. */
  weights?: number[];
  account_address?: string;
  /** Family spaces only: 3 inheritance, 4 common, 5 backup/shared. */
  family_address_type?: 3 | 4 | 5;
  /** Bitcoin and Litecoin: the emergency key and its delay in blocks. */
  recovery?: RecoveryKeyDraft;
}

export const createMultiWallet = (body: CreateMultiWalletInput) =>
  api.post<CreateMultiWalletReply>(`${V1}/wallets/multi`, body);

/** Bitcoin family: an m-of-n sortedmulti wallet from verified signer keys, normal at once. */
export const createBitcoinWallet = (body: CreateMultiWalletInput) =>
  api.post<WalletBase>(`${V1}/wallets/bitcoin`, body);

export function useCreateMultiWallet(bitcoin = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMultiWalletInput) =>
      bitcoin ? createBitcoinWallet(body) : createMultiWallet(body),
    // The wizard toasts a refusal itself, or places a recovery key's on its field.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['wallet', 'list'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
      ]),
  });
}
