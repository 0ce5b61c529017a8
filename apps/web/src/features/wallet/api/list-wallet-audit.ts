import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

export interface WalletAuditRow {
  id: number;
  type: string;
  operation: string;
  space_user: string | null;
  ip: string | null;
  time: string;
}

export interface WalletAuditPage {
  list: WalletAuditRow[];
  total: number;
}

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
