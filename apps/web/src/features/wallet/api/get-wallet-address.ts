import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';

export interface DepositAddress {
  address: string;
  chain_id: string;
  qr_code: string | null;
  deployed: boolean;
}

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
