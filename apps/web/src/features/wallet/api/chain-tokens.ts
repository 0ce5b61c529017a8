import { useQuery } from '@tanstack/react-query';
import type { ChainTokens } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /wallets/token: the chain's coin and its well-known tokens (read when asked for). */
export const useChainTokens = (chainKey: string, enabled = true) =>
  useQuery({
    queryKey: ['wallet', 'chain-tokens', chainKey] as const,
    queryFn: () => api.get<ChainTokens>(`${V1}/wallets/token`, { chain_key: chainKey }),
    enabled,
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
