import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { Deployment, WalletBase } from './types';

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
}

export const createMultiWallet = (body: CreateMultiWalletInput) =>
  api.post<WalletBase & { deployment: Deployment }>(`${V1}/wallets/multi`, body);

export function useCreateMultiWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMultiWallet,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['wallet', 'list'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
      ]),
  });
}
