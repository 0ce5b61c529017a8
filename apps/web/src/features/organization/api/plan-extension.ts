import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanExtension } from '@keystead/contract/api/subscription';
import { api, V1 } from '@/lib/api-client';
import { organizationBaseInfoKey } from './get-organization-base-info';
import { planWalletsKey } from './plan-wallets';

/** POST /subscription/extension (admins): a plan about to end, or ended, runs 3 days longer, once per paid period. */
export function usePlanExtension(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PlanExtension>(`${V1}/subscription/extension`, {}, { organizationId }),
    // Refusals (PERMISSION_VIP_EXTENSION_ERROR, VIP_EXTENSION_USED_ERROR …) are toasts.
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: organizationBaseInfoKey(organizationId) });
      await client.invalidateQueries({ queryKey: planWalletsKey(organizationId) });
    },
  });
}
