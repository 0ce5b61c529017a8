import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimpleWallets } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

export type PickerWallet = SimpleWallets['list'][number];

/** GET /wallets/simple: the wallets the caller sees, light enough for pickers. */
export const simpleWalletsQuery = (spaceId: string | null, chainKey?: string) =>
  queryOptions({
    queryKey: ['wallet', 'simple', spaceId, chainKey ?? null] as const,
    queryFn: () => api.get<SimpleWallets>(`${V1}/wallets/simple`, { chain_key: chainKey }),
    // Pickers show a failure inline with Retry: no toast as well.
    meta: { silent: true },
  });

export const useSimpleWallets = (spaceId: string | null, chainKey?: string) =>
  useQuery({ ...simpleWalletsQuery(spaceId, chainKey), enabled: Boolean(spaceId) });
