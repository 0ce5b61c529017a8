import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditRow } from '@keystead/contract/api/spaces';
import { api, V1 } from '@/lib/api-client';

export type WalletAuditRow = AuditRow;
export type WalletAuditPage = AuditPage;

/** The space's audit rows about one wallet (admins; GET /audit-log?wallet_id=). */
export const fetchWalletAudit = (walletId: number, page: number) =>
  api.get<WalletAuditPage>(`${V1}/audit-log`, { wallet_id: walletId, page, page_size: 10 });

export const walletAuditQuery = (walletId: number, page: number) =>
  queryOptions({
    queryKey: ['wallet', 'audit', walletId, page],
    queryFn: () => fetchWalletAudit(walletId, page),
    placeholderData: keepPreviousData,
  });

export const useWalletAudit = (walletId: number, page: number) => useQuery(walletAuditQuery(walletId, page));
