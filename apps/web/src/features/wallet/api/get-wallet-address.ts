import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositAddress } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

export type { DepositAddress };

export const fetchWalletAddress = (walletId: number) =>
  api.get<DepositAddress>(`${V1}/wallets/address`, { wallet_id: walletId });

export const walletAddressQuery = (walletId: number) =>
  queryOptions({
    queryKey: ['wallet', 'address', walletId],
    queryFn: () => fetchWalletAddress(walletId),
    staleTime: 60_000,
  });

export const useWalletAddress = (walletId: number, enabled = true) =>
  useQuery({ ...walletAddressQuery(walletId), enabled: enabled && walletId > 0 });
