import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetRange, AssetTrend } from '@keystead/contract/api/assets';
import { api, V1 } from '@/lib/api-client';

export type { AssetRange, AssetTrend };

/**
 * GET /wallets/statistics: one point per day over the range. A range longer than the plan's
 * historical duration answers VIP_PLAN_LIMIT_EXCEEDED_ERROR.
 */
export const assetTrendQuery = (spaceId: string, range: AssetRange) =>
  queryOptions({
    queryKey: ['asset', spaceId, 'trend', range],
    queryFn: () => api.get<AssetTrend>(`${V1}/wallets/statistics`, { range }),
    meta: { silent: true },
  });

export const useAssetTrend = (spaceId: string, range: AssetRange) =>
  useQuery(assetTrendQuery(spaceId, range));
