import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { planWalletsReply } from '@keystead/contract/api/space-lookups';
import { api, V1 } from '@/lib/api-client';

/** GET /organization/wallets: the plan, its wallet limits, every wallet with whether it is kept. */
export type PlanWallets = z.infer<typeof planWalletsReply>;

export const planWalletsKey = (organizationId: string) =>
  ['organization', 'plan-wallets', organizationId] as const;

export const fetchPlanWallets = (organizationId: string) =>
  api.get<PlanWallets>(`${V1}/organization/wallets`, undefined, { organizationId });

export const usePlanWallets = (organizationId: string | null, enabled = true) =>
  useQuery({
    queryKey: planWalletsKey(organizationId ?? ''),
    queryFn: () => fetchPlanWallets(organizationId!),
    enabled: Boolean(organizationId) && enabled,
    staleTime: 30_000,
    retry: false,
    meta: { silent: true },
  });

/** PUT /organization/wallets: keep these wallets; the others stop moving funds until the plan allows them. */
export const keepPlanWallets = (organizationId: string, walletIds: number[]) =>
  api.put<PlanWallets>(`${V1}/organization/wallets`, { wallet_ids: walletIds }, { organizationId });

export function useKeepPlanWallets(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (walletIds: number[]) => keepPlanWallets(organizationId, walletIds),
    // The form shows the refusal (LIMIT_WALLETS_ERROR …) beside the choice: no toast as well.
    meta: { silent: true },
    onSuccess: (reply) => client.setQueryData(planWalletsKey(organizationId), reply),
  });
}
