import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { WalletBase } from './types';

export interface ImportSingleInput {
  name: string;
  chain_key: string;
  address: string;
  remark?: string;
}

export interface Challenge {
  challenge_id: number;
  message: string;
}

export const importSingleWallet = (body: ImportSingleInput) =>
  api.post<WalletBase & Challenge>(`${V1}/wallets/single`, body);

export function useImportSingleWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importSingleWallet,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['wallet', 'list'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
      ]),
  });
}
