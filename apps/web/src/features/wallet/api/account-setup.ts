import { useQuery } from '@tanstack/react-query';
import type { TronSetup, XrpSetup } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';
import { WALLET_STATUS } from '../wallet-status';

export type { TronSetup, XrpSetup };

/**
 * Families whose wallet is an existing account handed to weighted signer keys: Tron (its account
 * permission) and the XRP Ledger (its signer list). The threshold is then a weight.
 */
export type WeightedFamily = 'TRX' | 'XRP';
export const isWeightedFamily = (family: string | undefined): family is WeightedFamily =>
  family === 'TRX' || family === 'XRP';

/** The family's name in the setup's path, its i18n section and its screens' test ids. */
export const FAMILY_KEY = { TRX: 'tron', XRP: 'xrp' } as const satisfies Record<WeightedFamily, string>;

/**
 * GET /wallets/tron/status or /wallets/xrp/status: the account's balance against what its setup
 * needs, and at 13 what its current key signs. Read again every 3 s until the wallet is ready
 * (the server's watcher moves it on when the deposit or a setup step is on chain).
 */
function useAccountSetup<T extends { status: number }>(
  family: WeightedFamily,
  walletId: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['wallet', `${FAMILY_KEY[family]}-setup`, walletId] as const,
    queryFn: () => api.get<T>(`${V1}/wallets/${FAMILY_KEY[family]}/status`, { wallet_id: walletId }),
    enabled: enabled && walletId > 0,
    refetchInterval: (query) => (query.state.data?.status === WALLET_STATUS.normal ? false : 3_000),
    // The step shows a failure inline with Retry: no toast as well.
    meta: { silent: true },
  });
}

export const useTronSetup = (walletId: number, enabled = true) =>
  useAccountSetup<TronSetup>('TRX', walletId, enabled);
export const useXrpSetup = (walletId: number, enabled = true) =>
  useAccountSetup<XrpSetup>('XRP', walletId, enabled);

/**
 * A weighted wallet's key weights as its setup holds them (the keys the permission update or the
 * signer list sets), by address, and their sum; undefined until read (or for other families).
 */
export function useSignerWeights(walletId: number, family: string | undefined) {
  const tron = useTronSetup(walletId, family === 'TRX');
  const xrp = useXrpSetup(walletId, family === 'XRP');
  const signers = (family === 'XRP' ? xrp : tron).data?.signers;
  return {
    weightOf: (address: string) => signers?.find((signer) => signer.address === address)?.weight,
    total: signers?.reduce((sum, signer) => sum + signer.weight, 0),
  };
}
