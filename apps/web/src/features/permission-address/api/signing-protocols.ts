import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { SigningProtocols } from './types';

/** GET /permission-address/protocol: how signers of each configured chain family prove and sign. */
export const fetchSigningProtocols = () => api.get<SigningProtocols>(`${V1}/permission-address/protocol`);

export const signingProtocolsQuery = () =>
  queryOptions({
    queryKey: ['permission-address', 'protocol'] as const,
    queryFn: fetchSigningProtocols,
    staleTime: 10 * 60_000,
    // The screen shows a failure inline with Retry: no toast as well.
    meta: { silent: true },
  });

export const useSigningProtocols = (enabled = true) => useQuery({ ...signingProtocolsQuery(), enabled });
