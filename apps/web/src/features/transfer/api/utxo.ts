import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { FEE_REFRESH_MS } from './create-transfer';
import type { UtxoFeeRates } from './types';

/** Bitcoin-family coins have 8 decimals (sat). */
export const UTXO_DECIMALS = 8;

/** §4 Transfer wizard: fees refresh every 30 s (sat/vB for Bitcoin-like chains). */
export const useUtxoFeeRates = (walletId: number, enabled = true) =>
  useQuery({
    queryKey: ['transfer', 'utxo-fee', walletId],
    queryFn: async () => ({
      ...(await api.get<UtxoFeeRates>(`${V1}/fee/utxo-fee-rate`, { wallet_id: walletId })),
      refreshed_at: new Date().toISOString(),
    }),
    enabled: enabled && walletId > 0,
    refetchInterval: FEE_REFRESH_MS,
    retry: false,
  });
