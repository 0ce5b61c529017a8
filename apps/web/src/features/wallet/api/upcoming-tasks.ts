import { useQuery } from '@tanstack/react-query';
import type { UpcomingTasks } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /wallets/have-upcoming-task: active transfers, and those waiting for approval (they block approver changes). */
export const useUpcomingTasks = (walletId: number) =>
  useQuery({
    queryKey: ['wallet', 'upcoming-tasks', walletId] as const,
    queryFn: () => api.get<UpcomingTasks>(`${V1}/wallets/have-upcoming-task`, { wallet_id: walletId }),
    refetchInterval: 15_000,
    meta: { silent: true },
  });
