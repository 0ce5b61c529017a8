import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRecord } from '@keystead/contract';
import { PaymentRecordStatus } from '@keystead/contract/states';
import { api, V1 } from '@/lib/api-client';

export type { PaymentRecord };

export interface PaymentRecordQuery {
  /** §3: 1 deposit, 2 refund, 3 consumption (the only one the page lists today). */
  type: number;
  page: number;
  page_size: number;
  chain?: string;
}

export interface PaymentRecordPage {
  list: PaymentRecord[];
  page: number;
  page_size: number;
  total: number;
}

/** While a record is pending its fee is not known yet; the list is read again until it settles. */
const PENDING_POLL_MS = 5_000;

/** GET /wallets/payment/records (privileged). */
export const fetchPaymentRecords = (organizationId: string, query: PaymentRecordQuery) =>
  api.get<PaymentRecordPage>(`${V1}/wallets/payment/records`, { ...query }, { organizationId });

export const paymentRecordsQuery = (organizationId: string, query: PaymentRecordQuery) =>
  queryOptions({
    queryKey: ['payment', 'records', organizationId, query],
    queryFn: () => fetchPaymentRecords(organizationId, query),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    refetchInterval: (current) =>
      current.state.data?.list.some((row) => row.status === PaymentRecordStatus.Pending)
        ? PENDING_POLL_MS
        : false,
  });

export const usePaymentRecords = (organizationId: string | null, query: PaymentRecordQuery, enabled = true) =>
  useQuery({
    ...paymentRecordsQuery(organizationId ?? '', query),
    enabled: Boolean(organizationId) && enabled,
  });
