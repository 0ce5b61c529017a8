import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { exchangeDeletedReply } from '@keystead/contract/api/exchanges';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type ExchangeDeleted = z.infer<typeof exchangeDeletedReply>;

/** DELETE /v4/wallets/exchange: the account and its sealed credentials go (admins). */
export const deleteExchange = (walletId: number) =>
  api.delete<ExchangeDeleted>(`${WEB_V4}/wallets/exchange`, { wallet_id: walletId });

export function useDeleteExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteExchange,
    // The confirmation shows a refusal itself.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: EXCHANGE_KEY }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
      ]),
  });
}
