import { useQuery } from '@tanstack/react-query';
import type { AvailableUsers } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /wallets/available-user: joined members who can take a wallet role, with their signer keys on the chain. */
export const useAvailableUsers = (chainKey: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['wallet', 'available-users', chainKey] as const,
    queryFn: () => api.get<AvailableUsers>(`${V1}/wallets/available-user`, { chain_key: chainKey }),
    meta: { silent: true },
  });
