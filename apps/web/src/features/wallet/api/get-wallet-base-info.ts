import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { WalletDetail } from './types';

export const walletBaseInfoKey = (walletId: number) => ['wallet', 'base-info', walletId] as const;

export const fetchWalletBaseInfo = (walletId: number) =>
  api.get<WalletDetail>(`${V1}/wallets/base-info`, { wallet_id: walletId });

export const walletBaseInfoQuery = (walletId: number) =>
  queryOptions({ queryKey: walletBaseInfoKey(walletId), queryFn: () => fetchWalletBaseInfo(walletId) });

/** `poll`: re-read every 2 s (a deployment being confirmed). */
export const useWalletBaseInfo = (walletId: number, poll = false) =>
  useQuery({
    ...walletBaseInfoQuery(walletId),
    enabled: walletId > 0,
    refetchInterval: poll ? 2_000 : false,
  });
