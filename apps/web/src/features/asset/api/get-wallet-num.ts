import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletNum } from '@keystead/contract/api/assets';
import { api, V1 } from '@/lib/api-client';

export type { WalletNum };

/** GET /wallets/num: the wallets the user sees, by chain. */
export const walletNumQuery = (spaceId: string) =>
  queryOptions({
    queryKey: ['asset', spaceId, 'wallet-num'],
    queryFn: () => api.get<WalletNum>(`${V1}/wallets/num`),
    meta: { silent: true },
  });

export const useWalletNum = (spaceId: string) => useQuery(walletNumQuery(spaceId));
