import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, WEB_V2 } from '@/lib/api-client';

export interface WebConfig {
  error_report_key: string | null;
  require_invite: boolean;
  dev_mode: boolean;
  client_version: string;
  devnet: { chain_id: number; contracts: Record<string, string> } | null;
}

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
