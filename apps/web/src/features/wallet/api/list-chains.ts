import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { ChainList } from './types';

export const fetchChains = () => api.get<ChainList>(`${V1}/chain-list`);

export const chainsQuery = () =>
  queryOptions({ queryKey: ['wallet', 'chains'], queryFn: fetchChains, staleTime: 300_000 });

export const useChains = () => useQuery(chainsQuery());
