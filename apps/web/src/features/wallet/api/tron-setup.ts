import { useQuery } from '@tanstack/react-query';
import type { TronSetup } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';
import { WALLET_STATUS } from '../wallet-status';

export type { TronSetup };

export const tronSetupKey = (walletId: number) => ['wallet', 'tron-setup', walletId] as const;

/**
 * GET /wallets/tron/status: the account's balance against what the permission update needs, and
 * at 13 the update to sign. Read again every 3 s until the wallet is ready (the server's watcher
 * moves it on when the deposit or the update is on chain).
 */
export const useTronSetup = (walletId: number, enabled = true) =>
  useQuery({
    queryKey: tronSetupKey(walletId),
    queryFn: () => api.get<TronSetup>(`${V1}/wallets/tron/status`, { wallet_id: walletId }),
    enabled: enabled && walletId > 0,
    refetchInterval: (query) => (query.state.data?.status === WALLET_STATUS.normal ? false : 3_000),
    // The step shows a failure inline with Retry: no toast as well.
    meta: { silent: true },
  });

/**
 * A Tron wallet's key weights as its setup holds them (the keys the permission update sets), by
 * address, and their sum; undefined until read (or for other families: `enabled` false).
 */
export function useTronWeights(walletId: number, enabled: boolean) {
  const setup = useTronSetup(walletId, enabled);
  const signers = setup.data?.signers;
  return {
    weightOf: (address: string) => signers?.find((signer) => signer.address === address)?.weight,
    total: signers?.reduce((sum, signer) => sum + signer.weight, 0),
  };
}
