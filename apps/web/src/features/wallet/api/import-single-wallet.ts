import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { ImportSingleWalletReply, WalletChallenge } from '@keystead/contract/api/wallet-replies';

export interface ImportSingleInput {
  name: string;
  chain_key: string;
  address: string;
  remark?: string;
  family_address_type?: 3 | 4 | 5;
}

export type Challenge = WalletChallenge;

export const importSingleWallet = (body: ImportSingleInput) =>
  api.post<ImportSingleWalletReply>(`${V1}/wallets/single`, body);

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
