import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundFee } from '@keystead/contract';
import { api, V1 } from '@/lib/api-client';

export type { RefundFee };

/** GET /wallets/payment/refund-fee: what a refund from the address on that chain costs now, and the most it can send. */
export const fetchRefundFee = (query: { payment_address_id: number; chain: string }) =>
  api.get<RefundFee>(`${V1}/wallets/payment/refund-fee`, query);

export const refundFeeQuery = (query: { payment_address_id: number; chain: string }) =>
  queryOptions({
    queryKey: ['payment', 'refund-fee', query],
    queryFn: () => fetchRefundFee(query),
    // The dialog says it could not be estimated, with Retry.
    meta: { silent: true },
    // A fee read a while ago may no longer cover the refund.
    staleTime: 0,
    refetchInterval: 30_000,
  });

export const useRefundFee = (query: { payment_address_id: number; chain: string } | null) =>
  useQuery({
    ...refundFeeQuery(query ?? { payment_address_id: 0, chain: '' }),
    enabled: query !== null,
  });
