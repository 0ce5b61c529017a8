import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentSentReply } from '@keystead/contract';
import { api, V1 } from '@/lib/api-client';
import { PAYMENT_KEY } from './payment-keys';

export type PaymentSent = z.infer<typeof paymentSentReply>;

export interface RefundBody {
  payment_address_id: number;
  chain: string;
  to: string;
  /** In the chain's native coin, as typed: "0.5". */
  amount: string;
  email_code: string;
}

/** POST /wallets/payment/refund: the server signs and sends the refund (code payment_refund). */
export const refundPayment = (body: RefundBody) =>
  api.post<PaymentSent>(`${V1}/wallets/payment/refund`, body);

export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    // The dialog shows the refusal beside the form.
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: PAYMENT_KEY }),
  });
}
