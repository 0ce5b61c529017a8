import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { ChainList } from './types';

export const fetchChains = () => api.get<ChainList>(`${V1}/chain-list`);

export const chainsQuery = () =>
  queryOptions({ queryKey: ['wallet', 'chains'], queryFn: fetchChains, staleTime: 300_000 });

export const useChains = () => useQuery(chainsQuery());

/** The chain family of a chain key ('EVM', 'BTC', 'TRX'…), once the list has arrived. */
export const useChainFamily = (chainKey: string | null | undefined): string | undefined =>
  useChains().data?.list.find((chain) => chain.chain_id === chainKey)?.family;
