import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangeRates } from '@keystead/contract/api/assets';
import { api, V1 } from '@/lib/api-client';

export type { ExchangeRates };

/** GET /currency/exchange-rate: units of each currency per US dollar. */
export const exchangeRateQuery = () =>
  queryOptions({
    queryKey: ['asset', 'exchange-rate'],
    queryFn: () => api.get<ExchangeRates>(`${V1}/currency/exchange-rate`),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useExchangeRates = () => useQuery(exchangeRateQuery());
