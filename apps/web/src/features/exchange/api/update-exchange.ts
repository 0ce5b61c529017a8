import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import type { WalletNameReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export interface ExchangeDetailsChange {
  /** Name and remark, when either changed (an empty remark clears it). */
  naming?: { name: string; remark: string };
  /** The viewers, when they changed (at most 5). */
  viewers?: number[];
}

/**
 * An exchange account's name, remark and viewers (admins), through the wallet calls every wallet
 * uses: POST /wallets/name and PUT /wallets/viewer. Afterwards the exchange queries are read again.
 */
export function useUpdateExchangeDetails(walletId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ExchangeDetailsChange) => {
      if (change.naming)
        await api.post<WalletNameReply>(`${V1}/wallets/name`, { wallet_id: walletId, ...change.naming });
      if (change.viewers)
        await api.put<DoneReply>(`${V1}/wallets/viewer`, { wallet_id: walletId, user_ids: change.viewers });
    },
    // The dialog shows a refusal itself.
    meta: { silent: true },
    // Whatever part went through shows, even when a later part was refused.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: EXCHANGE_KEY }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
