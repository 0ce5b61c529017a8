import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deletedWalletReply } from '@keystead/contract/api/wallet-kinds';
import { api, V1 } from '@/lib/api-client';
import { WALLET_QUERY_KEY } from '../wallet-people';

export type DeletedWallet = z.infer<typeof deletedWalletReply>;

/** DELETE /wallets/single: a single-signature wallet, with its name typed again and an e-mail code (wallet_delete). */
export const deleteSingleWallet = (body: { wallet_id: number; name: string; email_code: string }) =>
  api.delete<DeletedWallet>(`${V1}/wallets/single`, body);

export function useDeleteSingleWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSingleWallet,
    onSuccess: (reply) => {
      client.removeQueries({ queryKey: ['wallet', 'base-info', reply.wallet_id] });
      return client.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
  });
}
