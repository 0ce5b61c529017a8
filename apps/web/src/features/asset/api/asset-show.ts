import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetShow } from '@keystead/contract/api/assets';
import { api, V1 } from '@/lib/api-client';

export type { AssetShow };

const KEY = ['asset', 'show'] as const;

/** GET /asset-show: whether amounts show and whether small assets hide (the user's choice). */
export const assetShowQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: () => api.get<AssetShow>(`${V1}/asset-show`),
    staleTime: 60_000,
    meta: { silent: true },
  });

export const useAssetShow = () => useQuery(assetShowQuery());

/** POST /asset-show: saves one choice; the screen follows at once and goes back if saving fails. */
export function useSaveAssetShow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<AssetShow>) => api.post<AssetShow>(`${V1}/asset-show`, change),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: KEY });
      const before = client.getQueryData<AssetShow>(KEY);
      client.setQueryData<AssetShow>(KEY, (current) =>
        current ? { ...current, ...change } : { show_amount: true, hide_small: false, ...change },
      );
      return { before };
    },
    onError: (_error, _change, context) => client.setQueryData(KEY, context?.before),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}
