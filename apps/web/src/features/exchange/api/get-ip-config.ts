import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ipConfigReply } from '@keystead/contract/api/exchanges';
import { api, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type IpConfig = z.infer<typeof ipConfigReply>;

/** GET /v4/ip-config: the platform's outgoing IP addresses, to whitelist at the exchange. */
export const ipConfigQuery = () =>
  queryOptions({
    queryKey: [...EXCHANGE_KEY, 'ip-config'] as const,
    queryFn: () => api.get<IpConfig>(`${WEB_V4}/ip-config`),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useIpConfig = () => useQuery(ipConfigQuery());
