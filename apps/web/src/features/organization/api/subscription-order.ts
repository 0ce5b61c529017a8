import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionOrder, subscriptionOrderBody } from '@keystead/contract/api/subscription';
import { api, V1 } from '@/lib/api-client';
import { subscriptionOrdersKey } from './subscription-orders';

export type { SubscriptionOrder };
export type SubscriptionOrderInput = z.input<typeof subscriptionOrderBody>;

/** How often an open order asks whether its payment has arrived. */
export const ORDER_POLL_MS = 3_000;

export const subscriptionOrderKey = (organizationId: string, orderId: number) =>
  ['organization', 'subscription', 'order', organizationId, orderId] as const;

/** GET /subscription/order?order_id=N: one order and its payment state. */
export const fetchSubscriptionOrder = (organizationId: string, orderId: number) =>
  api.get<SubscriptionOrder>(`${V1}/subscription/order`, { order_id: orderId }, { organizationId });

/** The order, asked again every few seconds while it waits for its payment. */
export const useSubscriptionOrder = (organizationId: string, orderId: number | null) =>
  useQuery({
    queryKey: subscriptionOrderKey(organizationId, orderId ?? 0),
    queryFn: () => fetchSubscriptionOrder(organizationId, orderId!),
    enabled: orderId !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? ORDER_POLL_MS : false),
    refetchIntervalInBackground: true,
    meta: { silent: true },
  });

/** POST /subscription/order (space admins): an order whose exact amount identifies its payment. */
export function useCreateSubscriptionOrder(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionOrderInput) =>
      api.post<SubscriptionOrder>(`${V1}/subscription/order`, body, { organizationId }),
    // Refusals (PERMISSION_SPACE_MANAGE_ERROR, VIP_PACKAGE_NOT_FOUND_ERROR …) are toasts.
    onSuccess: async (order) => {
      client.setQueryData(subscriptionOrderKey(organizationId, order.order_id), order);
      await client.invalidateQueries({ queryKey: subscriptionOrdersKey(organizationId) });
    },
  });
}
