import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { WalletDetail } from './types';

export const walletBaseInfoKey = (walletId: number) => ['wallet', 'base-info', walletId] as const;

export const fetchWalletBaseInfo = (walletId: number) =>
  api.get<WalletDetail>(`${V1}/wallets/base-info`, { wallet_id: walletId });

export const walletBaseInfoQuery = (walletId: number) =>
  queryOptions({ queryKey: walletBaseInfoKey(walletId), queryFn: () => fetchWalletBaseInfo(walletId) });

/**
 * `poll`: re-read every 2 s (a deployment being confirmed). `silent`: a failure is not toasted
 * (the page says it, or shows what the reader may see instead).
 */
export const useWalletBaseInfo = (walletId: number, poll = false, silent = false) =>
  useQuery({
    ...walletBaseInfoQuery(walletId),
    enabled: walletId > 0,
    refetchInterval: poll ? 2_000 : false,
    ...(silent ? { meta: { silent: true } } : {}),
  });
