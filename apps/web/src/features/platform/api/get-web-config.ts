import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebConfig } from '@keystead/contract/api/platform';
import { api, WEB_V2 } from '@/lib/api-client';

export type { WebConfig };

export const fetchWebConfig = () => api.get<WebConfig>(`${WEB_V2}/web-config`);

/** Read once at start-up (it also plants the CSRF cookie); it does not change while the app runs. */
export const webConfigQuery = () =>
  queryOptions({
    queryKey: ['platform', 'web-config'],
    queryFn: fetchWebConfig,
    staleTime: Infinity,
    meta: { silent: true },
  });

export const useWebConfig = () => useQuery(webConfigQuery());
