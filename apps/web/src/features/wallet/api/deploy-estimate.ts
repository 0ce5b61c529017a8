import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { DeployEstimate, FeeTier } from './types';

/** POST /fee/deploy-estimate: what sending an initializing wallet's setup transaction costs now. */
export const fetchDeployEstimate = (walletId: number, feeTier: FeeTier = 'standard') =>
  api.post<DeployEstimate>(`${V1}/fee/deploy-estimate`, { wallet_id: walletId, fee_tier: feeTier });

export const deployEstimateQuery = (walletId: number, feeTier: FeeTier = 'standard') =>
  queryOptions({
    queryKey: ['wallet', 'deploy-estimate', walletId, feeTier] as const,
    queryFn: () => fetchDeployEstimate(walletId, feeTier),
    // Gas prices move: read again every 30 s while the step is open.
    refetchInterval: 30_000,
    // The screen shows a failure inline with Retry: no toast as well.
    meta: { silent: true },
  });

export const useDeployEstimate = (walletId: number, enabled: boolean) =>
  useQuery({ ...deployEstimateQuery(walletId), enabled: enabled && walletId > 0 });
