import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfitLossReport as ProfitLoss } from '@keystead/contract/api/assets';
import { api, V1 } from '@/lib/api-client';

export type { ProfitLoss };

/** GET /asset/profit-loss: per token cost basis (first in, first out), realised and unrealised. */
export const profitLossQuery = (spaceId: string) =>
  queryOptions({
    queryKey: ['asset', spaceId, 'profit-loss'],
    queryFn: () => api.get<ProfitLoss>(`${V1}/asset/profit-loss`),
    meta: { silent: true },
  });

export const useProfitLoss = (spaceId: string) => useQuery(profitLossQuery(spaceId));
