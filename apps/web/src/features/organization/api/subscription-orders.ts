import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { subscriptionOrderListReply } from '@keystead/contract/api/subscription';
import { api, V1 } from '@/lib/api-client';

/** How often the list looks again while one of its orders waits for its payment. */
export const ORDERS_POLL_MS = 10_000;

export type SubscriptionOrderList = z.infer<typeof subscriptionOrderListReply>;

export const subscriptionOrdersKey = (organizationId: string) =>
  ['organization', 'subscription', 'orders', organizationId] as const;

/** GET /subscription/orders: the space's subscription orders, newest first. */
export const fetchSubscriptionOrders = (organizationId: string) =>
  api.get<SubscriptionOrderList>(`${V1}/subscription/orders`, undefined, { organizationId });

export const useSubscriptionOrders = (organizationId: string) =>
  useQuery({
    queryKey: subscriptionOrdersKey(organizationId),
    queryFn: () => fetchSubscriptionOrders(organizationId),
    staleTime: 10_000,
    retry: false,
    // An open order may be paid from elsewhere (the wizard closed): the list looks again.
    refetchInterval: (query) =>
      query.state.data?.list.some((order) => order.status === 'pending') ? ORDERS_POLL_MS : false,
    // The table shows a failed load with Retry.
    meta: { silent: true },
  });
