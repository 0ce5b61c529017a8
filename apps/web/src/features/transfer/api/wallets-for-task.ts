import { useQuery } from '@tanstack/react-query';
import type { WalletsForTask } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /wallets/list-for-task: the wallets the caller may start a transfer from, each asset's available amount. */
export const useWalletsForTask = (spaceId: string | null) =>
  useQuery({
    queryKey: ['transfer', 'wallets-for-task', spaceId] as const,
    queryFn: () => api.get<WalletsForTask>(`${V1}/wallets/list-for-task`),
    enabled: Boolean(spaceId),
    meta: { silent: true },
  });
