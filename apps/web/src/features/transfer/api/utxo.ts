import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { FEE_REFRESH_MS } from './create-transfer';

/** One unspent output of a Bitcoin-family wallet (GET /wallets/utxos). */
export interface WalletUtxo {
  outpoint: string;
  txid: string;
  vout: number;
  value: string;
  value_sat: string;
  address: string;
  branch: number;
  index: number;
  confirmations: number;
  locked: boolean;
  task_id: number | null;
}

export interface WalletUtxos {
  symbol: string;
  balance: string;
  balance_sat: string;
  locked_sat: string;
  available_sat: string;
  list: WalletUtxo[];
}

/** Fee rate tiers of a Bitcoin-family wallet in sat/vB. */
export interface UtxoFeeRates {
  unit: string;
  slow: number;
  standard: number;
  fast: number;
}

/** Bitcoin-family coins have 8 decimals (sat). */
export const UTXO_DECIMALS = 8;

export const useWalletUtxos = (walletId: number, enabled = true) =>
  useQuery({
    queryKey: ['transfer', 'utxos', walletId],
    queryFn: () => api.get<WalletUtxos>(`${V1}/wallets/utxos`, { wallet_id: walletId }),
    enabled: enabled && walletId > 0,
  });

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
