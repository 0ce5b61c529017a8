import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentGenerateReply } from '@keystead/contract';
import { api, V1 } from '@/lib/api-client';
import { PAYMENT_KEY } from './payment-keys';

export type GeneratedPaymentAddress = z.infer<typeof paymentGenerateReply>;

/**
 * POST /wallets/payment/generate (privileged): a new EVM payment address of the space, one key
 * for every EVM chain; e-mail code of purpose payment_add.
 */
export const generatePaymentAddress = (body: { name: string; email_code: string }) =>
  api.post<GeneratedPaymentAddress>(`${V1}/wallets/payment/generate`, body);

export function useGeneratePaymentAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generatePaymentAddress,
    // The dialog says what went wrong (the plan, the limit) itself.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: PAYMENT_KEY }),
  });
}
