import { useQuery } from '@tanstack/react-query';
import type { SetupDeposit, WalletSchedule, WalletStatusInfo } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';
import { WALLET_STATUS } from '../wallet-status';

/** Statuses that change by themselves (the chain confirms a deployment or a Tron setup step): re-read every 4 s. */
const MOVING: number[] = [
  WALLET_STATUS.initializing,
  WALLET_STATUS.deployPending,
  WALLET_STATUS.tronNeedsTrx,
  WALLET_STATUS.permissionPending,
  WALLET_STATUS.permissionChanging,
];

/** GET /wallets/status: the wallet's status and its deployment hash, followed while setup is under way. */
export const useWalletStatus = (walletId: number) =>
  useQuery({
    queryKey: ['wallet', 'status', walletId] as const,
    queryFn: () => api.get<WalletStatusInfo>(`${V1}/wallets/status`, { wallet_id: walletId }),
    refetchInterval: (query) => (MOVING.includes(query.state.data?.status ?? -1) ? 4_000 : false),
    meta: { silent: true },
  });

/** GET /wallets/schedule: setup progress (created, on-chain setup, verification, ready). */
export const useWalletSchedule = (walletId: number, status: number | undefined) =>
  useQuery({
    // The status is in the key: each change of status reads the steps again.
    queryKey: ['wallet', 'schedule', walletId, status ?? null] as const,
    queryFn: () => api.get<WalletSchedule>(`${V1}/wallets/schedule`, { wallet_id: walletId }),
    meta: { silent: true },
  });

/** GET /wallets/initialization/volume: what the address must hold before its setup (0: nothing). */
export const useSetupDeposit = (chainKey: string) =>
  useQuery({
    queryKey: ['wallet', 'setup-deposit', chainKey] as const,
    queryFn: () => api.get<SetupDeposit>(`${V1}/wallets/initialization/volume`, { chain_key: chainKey }),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
