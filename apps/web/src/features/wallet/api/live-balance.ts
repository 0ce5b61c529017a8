import { useQuery } from '@tanstack/react-query';
import type { LiveBalance } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /balance: the wallet's balances read from the chain now (not the cached figures). */
export const useLiveBalance = (chainKey: string, address: string | null) =>
  useQuery({
    queryKey: ['wallet', 'live-balance', chainKey, address] as const,
    queryFn: () => api.get<LiveBalance>(`${V1}/balance`, { chain_key: chainKey, address }),
    enabled: Boolean(address),
    meta: { silent: true },
  });
