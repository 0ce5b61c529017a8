import { useQuery } from '@tanstack/react-query';
import type { QueuedRecovery, RecoveryInfo } from '@keystead/contract/api/recovery';
import { api, V1 } from '@/lib/api-client';

export type { QueuedRecovery, RecoveryInfo };

export const recoveryKey = (walletId: number) => ['wallet', 'recovery', walletId] as const;

export const fetchRecovery = (walletId: number) =>
  api.get<RecoveryInfo>(`${V1}/wallets/recovery`, { wallet_id: walletId });

/**
 * GET /wallets/recovery: where the wallet's emergency recovery stands, as the server last read it
 * from the chain. Re-read every 10 s while shown (the server's watcher follows the chain by
 * itself: a queued recovery, a veto or the enabling task's execution shows without a reload).
 * After a failure it waits for the reader's Retry (the tab says the read failed).
 */
export const useRecovery = (walletId: number, enabled = true) =>
  useQuery({
    queryKey: recoveryKey(walletId),
    queryFn: () => fetchRecovery(walletId),
    enabled: enabled && walletId > 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : 10_000),
    retry: false,
    // The tab says a failed read itself (with Retry): no toast on top.
    meta: { silent: true },
  });
