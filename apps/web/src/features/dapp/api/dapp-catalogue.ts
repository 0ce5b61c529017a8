import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DappItem } from '@keystead/contract/api/dapp';
import { api, V1 } from '@/lib/api-client';

export type { DappItem };

const CATALOGUE_KEY = ['dapp', 'catalogue'] as const;

/** GET /dapp/type: the catalogue's types, named in the user's language. */
export const useDappTypes = () =>
  useQuery({
    queryKey: [...CATALOGUE_KEY, 'types'] as const,
    queryFn: () => api.get<{ list: Array<{ type: DappItem['type']; name: string }> }>(`${V1}/dapp/type`),
  });

/** GET /dapp: the catalogue for a chain (all chains without one), the user's favourites first. */
export const useDappList = (filter: { chainKey?: string; type?: DappItem['type'] }) =>
  useQuery({
    queryKey: [...CATALOGUE_KEY, 'list', filter] as const,
    queryFn: () =>
      api.get<{ list: DappItem[] }>(`${V1}/dapp`, {
        ...(filter.chainKey ? { chain_key: filter.chainKey } : {}),
        ...(filter.type ? { type: filter.type } : {}),
      }),
  });

/** POST /dapp/favorite: mark or unmark a Dapp; the list is read again (favourites come first). */
export function useDappFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { dapp_id: number; is_favorite: boolean }) =>
      api.post<{ dapp_id: number; is_favorite: boolean }>(`${V1}/dapp/favorite`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
