import { useQuery } from '@tanstack/react-query';
import type { AddressType } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /addr-type: what a recipient is to the space (own wallet, address book, known, new); asked once well formed. */
export const useAddressType = (chainKey: string | undefined, address: string, wellFormed: boolean) =>
  useQuery({
    queryKey: ['transfer', 'addr-type', chainKey ?? null, address.toLowerCase()] as const,
    queryFn: () => api.get<AddressType>(`${V1}/addr-type`, { chain_key: chainKey, address }),
    enabled: Boolean(chainKey) && wellFormed,
    staleTime: 30_000,
    meta: { silent: true },
  });
