import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ExchangeAccountItem, addExchangeBody } from '@keystead/contract/api/exchanges';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type AddExchangeBody = z.input<typeof addExchangeBody>;

/** POST /v4/wallets/exchange: adds the account with the check_token of a passed test of the same input. */
export const addExchange = (body: AddExchangeBody) =>
  api.post<ExchangeAccountItem>(`${WEB_V4}/wallets/exchange`, body);

export function useAddExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addExchange,
    // The wizard says what went wrong beside its Add button.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: EXCHANGE_KEY }),
        // An exchange account is a wallet (sign type 3): the space's wallet count changes too.
        client.invalidateQueries({ queryKey: ['wallet'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
      ]),
  });
}
