import { useQuery } from '@tanstack/react-query';
import type { TimelockRecoveryInfo } from '@keystead/contract/api/recovery';
import { api, V1 } from '@/lib/api-client';

export type { TimelockRecoveryInfo };

export const timelockRecoveryKey = (walletId: number) => ['wallet', 'recovery-coins', walletId] as const;

export const fetchTimelockRecovery = (walletId: number) =>
  api.get<TimelockRecoveryInfo>(`${V1}/wallets/recovery/coins`, { wallet_id: walletId });

/**
 * GET /wallets/recovery/coins: a Bitcoin-family wallet's recovery path and how old its coins are.
 * Re-read every 12 s while shown (a new block ages every coin); after a failure it waits for the
 * reader's Retry, which the tab offers with the error.
 */
export const useTimelockRecovery = (walletId: number, enabled = true) =>
  useQuery({
    queryKey: timelockRecoveryKey(walletId),
    queryFn: () => fetchTimelockRecovery(walletId),
    enabled: enabled && walletId > 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : 12_000),
    retry: false,
    meta: { silent: true },
  });
