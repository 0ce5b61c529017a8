import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentSetting } from '@keystead/contract';
import { api, V1 } from '@/lib/api-client';
import { PAYMENT_KEY } from './payment-keys';

export type { PaymentSetting };

const settingKey = (walletId: number) => ['payment', 'setting', walletId] as const;

/** GET /wallets/payment/changeable: a wallet's payment switch, its bound address and the addresses it may bind. */
export const fetchPaymentSetting = (walletId: number) =>
  api.get<PaymentSetting>(`${V1}/wallets/payment/changeable`, { wallet_id: walletId });

export const paymentSettingQuery = (walletId: number) =>
  queryOptions({
    queryKey: settingKey(walletId),
    queryFn: () => fetchPaymentSetting(walletId),
    meta: { silent: true },
  });

export const usePaymentSetting = (walletId: number) => useQuery(paymentSettingQuery(walletId));

/** POST /wallets/payment/switch (codes payment_open / payment_close). */
export const switchPayment = (body: { wallet_id: number; open: boolean; email_code: string }) =>
  api.post<unknown>(`${V1}/wallets/payment/switch`, body);

/** POST /wallets/payment/binding: binds (payment_bind) or, with null, unbinds (payment_unbind). */
export const bindPayment = (body: {
  wallet_id: number;
  payment_address_id: number | null;
  email_code: string;
}) => api.post<unknown>(`${V1}/wallets/payment/binding`, body);

export type PaymentSettingChange =
  | { kind: 'switch'; open: boolean; email_code: string }
  | { kind: 'binding'; payment_address_id: number | null; email_code: string };

/** One change of a wallet's payment setting; afterwards the setting, the addresses and the transfers read again. */
export function useChangePaymentSetting(walletId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PaymentSettingChange) =>
      change.kind === 'switch'
        ? switchPayment({ wallet_id: walletId, open: change.open, email_code: change.email_code })
        : bindPayment({
            wallet_id: walletId,
            payment_address_id: change.payment_address_id,
            email_code: change.email_code,
          }),
    // The dialog shows the refusal itself.
    meta: { silent: true },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PAYMENT_KEY }),
        client.invalidateQueries({ queryKey: ['transfer'] }),
      ]),
  });
}
