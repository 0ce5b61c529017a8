import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import { api, V1 } from '@/lib/api-client';

/** Re-reads the wallet's balances from the chain now, then reloads its assets and the list. */
export const refreshBalance = (walletId: number) =>
  api.post<DoneReply>(`${V1}/wallets/refresh-balance`, { wallet_id: walletId });

export function useRefreshBalance(walletId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => refreshBalance(walletId),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['wallet', 'assets', walletId] }),
        client.invalidateQueries({ queryKey: ['wallet', 'list'] }),
      ]),
  });
}
