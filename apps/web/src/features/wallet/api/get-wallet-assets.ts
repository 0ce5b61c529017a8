import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { WalletAssets } from './types';

export const walletAssetsKey = (walletId: number) => ['wallet', 'assets', walletId] as const;

export const fetchWalletAssets = (walletId: number) =>
  api.get<WalletAssets>(`${V1}/wallets/asset-info`, { wallet_id: walletId });

export const walletAssetsQuery = (walletId: number) =>
  queryOptions({ queryKey: walletAssetsKey(walletId), queryFn: () => fetchWalletAssets(walletId) });

export const useWalletAssets = (walletId: number, enabled = true) =>
  useQuery({ ...walletAssetsQuery(walletId), enabled: enabled && walletId > 0 });
