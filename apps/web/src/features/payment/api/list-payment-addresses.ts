import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAddress } from '@keystead/contract';
import { api, V1 } from '@/lib/api-client';

export type { PaymentAddress };

export const paymentAddressesKey = (organizationId: string) =>
  ['payment', 'addresses', organizationId] as const;

/** GET /wallets/payment/list (privileged): the space's payment addresses with their balance read now. */
export const fetchPaymentAddresses = (organizationId: string) =>
  api.get<{ list: PaymentAddress[] }>(`${V1}/wallets/payment/list`, undefined, { organizationId });

export const paymentAddressesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: paymentAddressesKey(organizationId),
    queryFn: () => fetchPaymentAddresses(organizationId),
    // The page says what failed (inline, with Retry); no toast on top of it.
    meta: { silent: true },
  });

export const usePaymentAddresses = (organizationId: string | null, enabled = true) =>
  useQuery({ ...paymentAddressesQuery(organizationId ?? ''), enabled: Boolean(organizationId) && enabled });
