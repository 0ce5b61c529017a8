import { useQuery } from '@tanstack/react-query';
import type { InheritanceInfo } from '@keystead/contract/api/inheritance';
import { api, V1 } from '@/lib/api-client';

export type { InheritanceInfo };
export type InheritancePlan = NonNullable<InheritanceInfo['plan']>;

export const inheritanceKey = (walletId: number) => ['wallet', 'inheritance', walletId] as const;

export const fetchInheritance = (walletId: number) =>
  api.get<InheritanceInfo>(`${V1}/wallets/inheritance`, { wallet_id: walletId });

/**
 * GET /wallets/inheritance (family spaces): the wallet's inheritance plan, its heir and the owner's
 * days without sign-in. After a failure it waits for the reader's Retry (the card says so).
 */
export const useInheritance = (walletId: number, enabled = true) =>
  useQuery({
    queryKey: inheritanceKey(walletId),
    queryFn: () => fetchInheritance(walletId),
    enabled: enabled && walletId > 0,
    retry: false,
    // The card says a failed read itself (with Retry): no toast on top.
    meta: { silent: true },
  });
