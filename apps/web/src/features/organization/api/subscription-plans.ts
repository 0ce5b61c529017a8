import { useQuery } from '@tanstack/react-query';
import type { SubscriptionPlans } from '@keystead/contract/api/subscription';
import { api, V1 } from '@/lib/api-client';

export type { SubscriptionPlans };
export type SubscriptionMethod = SubscriptionPlans['methods'][number];

export const subscriptionPlansKey = (organizationId: string) =>
  ['organization', 'subscription', 'plans', organizationId] as const;

/** GET /subscription/plans: the paid plans' prices per months, and the chains USDT can be paid on. */
export const fetchSubscriptionPlans = (organizationId: string) =>
  api.get<SubscriptionPlans>(`${V1}/subscription/plans`, undefined, { organizationId });

export const useSubscriptionPlans = (organizationId: string, enabled = true) =>
  useQuery({
    queryKey: subscriptionPlansKey(organizationId),
    queryFn: () => fetchSubscriptionPlans(organizationId),
    enabled,
    staleTime: 60_000,
    retry: false,
    // The wizard shows a failed load with Retry.
    meta: { silent: true },
  });
