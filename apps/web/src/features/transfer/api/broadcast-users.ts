import { useQuery } from '@tanstack/react-query';
import type { BroadcastUsers } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/** GET /wallets/broadcast-user: who the wallet's broadcast scope lets broadcast its transfers. */
export const useBroadcastUsers = (walletId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['transfer', 'broadcast-users', walletId] as const,
    queryFn: () => api.get<BroadcastUsers>(`${V1}/wallets/broadcast-user`, { wallet_id: walletId }),
    enabled: enabled && walletId > 0,
    meta: { silent: true },
  });
