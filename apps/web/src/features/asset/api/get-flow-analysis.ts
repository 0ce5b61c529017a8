import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FlowAnalysis, FlowPeriod } from '@keystead/contract/api/assets';
import { api, V1 } from '@/lib/api-client';

export type { FlowAnalysis, FlowPeriod };

/** GET /asset/transactions: inflow and outflow per day, totals, by token and by fund purpose. */
export const flowAnalysisQuery = (spaceId: string, period: FlowPeriod) =>
  queryOptions({
    queryKey: ['asset', spaceId, 'flow', period],
    queryFn: () => api.get<FlowAnalysis>(`${V1}/asset/transactions`, { period }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useFlowAnalysis = (spaceId: string, period: FlowPeriod) =>
  useQuery(flowAnalysisQuery(spaceId, period));
