import { useQuery } from '@tanstack/react-query';
import type { WalletExist } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /wallets/exist: whether an address is already one of this space's wallets (asked once it is well formed). */
export const useWalletExist = (chainKey: string | undefined, address: string, wellFormed: boolean) =>
  useQuery({
    queryKey: ['wallet', 'exist', chainKey ?? null, address.toLowerCase()] as const,
    queryFn: () => api.get<WalletExist>(`${V1}/wallets/exist`, { chain_key: chainKey, address }),
    enabled: Boolean(chainKey) && wellFormed,
    meta: { silent: true },
  });
