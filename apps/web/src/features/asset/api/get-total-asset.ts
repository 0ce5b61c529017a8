import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TotalAsset } from '@keystead/contract/api/assets';
import { api, V1 } from '@/lib/api-client';

export type { TotalAsset };

/** GET /wallets/total-asset: the total, its change and the shares by token, wallet and chain. */
export const totalAssetQuery = (spaceId: string, hideSmall: boolean) =>
  queryOptions({
    queryKey: ['asset', spaceId, 'total', hideSmall],
    queryFn: () => api.get<TotalAsset>(`${V1}/wallets/total-asset`, { hide_small: hideSmall ? 1 : 0 }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useTotalAsset = (spaceId: string, hideSmall: boolean, enabled = true) =>
  useQuery({ ...totalAssetQuery(spaceId, hideSmall), enabled });
