import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { PAYMENT_KEY } from './payment-keys';
import type { PaymentSent } from './refund-payment';

/**
 * POST /wallets/payment/speed-up: a pending refund or sponsored execution of an EVM payment
 * address sent again at the same nonce with higher fees.
 */
export const speedUpPaymentRecord = (body: { record_id: number }) =>
  api.post<PaymentSent>(`${V1}/wallets/payment/speed-up`, body);

export function useSpeedUpPaymentRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: speedUpPaymentRecord,
    meta: { silent: true },
    onError: (error) => void showErrorToast(error),
    onSettled: () => client.invalidateQueries({ queryKey: PAYMENT_KEY }),
  });
}
