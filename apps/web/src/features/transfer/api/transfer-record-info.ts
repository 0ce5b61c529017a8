import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { TransferRecordInfo } from './types';

/** GET /transfer/info: one on-chain record with what the chain says of it now. */
export const fetchTransferRecordInfo = (id: number) =>
  api.get<TransferRecordInfo>(`${V1}/transfer/info`, { id });

export const transferRecordInfoQuery = (id: number) =>
  queryOptions({
    queryKey: ['transfer', 'record-info', id] as const,
    queryFn: () => fetchTransferRecordInfo(id),
    // The screen shows a failure inline with Retry: no toast as well.
    meta: { silent: true },
  });

export const useTransferRecordInfo = (id: number | null) =>
  useQuery({ ...transferRecordInfoQuery(id ?? 0), enabled: id !== null });
