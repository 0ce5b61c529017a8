import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { AddressTags, FeeEstimate, FeeTier, TransferTask } from './types';

export interface CreateTransferBody {
  wallet_id: number;
  to: string;
  amount: string;
  token: string | null;
  remark?: string;
  acknowledge_similar: boolean;
  fee_tier: FeeTier;
  custom_fee_gwei?: string;
  /** Bitcoin family: the custom fee rate in sat/vB. */
  custom_fee_rate?: string;
  /** Bitcoin family: more recipients in the same transaction, after `to`/`amount`. */
  outputs?: Array<{ to: string; amount: string }>;
  /** Bitcoin family: spend exactly these outpoints ("txid:vout"). */
  utxos?: string[];
  /** XRP: the recipient's destination tag (0 to 4294967295). */
  destination_tag?: number;
  /** The fund purpose (a label of the space); required where the wallet's asset-tag switch is on. */
  label_id?: number;
}

export const createTransfer = (body: CreateTransferBody) => api.post<TransferTask>(`${V1}/task`, body);

/** §4 Transfer wizard: fees refresh every 30 s. */
export const FEE_REFRESH_MS = 30_000;

export const useFeeEstimate = (walletId: number) =>
  useQuery({
    queryKey: ['transfer', 'fee', walletId],
    queryFn: () => api.post<FeeEstimate>(`${V1}/fee/estimate`, { wallet_id: walletId }),
    enabled: walletId > 0,
    refetchInterval: FEE_REFRESH_MS,
    retry: false,
  });

/** GET /address/tag: the recipient's risk tags (only asked for a well-formed address; EVM unless `wellFormed` says). */
export const useAddressTags = (walletId: number, address: string, wellFormed?: boolean) =>
  useQuery({
    queryKey: [
      'transfer',
      'address-tag',
      walletId,
      wellFormed === undefined ? address.toLowerCase() : address,
    ],
    queryFn: () => api.get<AddressTags>(`${V1}/address/tag`, { wallet_id: walletId, address }),
    enabled: walletId > 0 && (wellFormed ?? /^0x[0-9a-fA-F]{40}$/.test(address)),
    retry: false,
    staleTime: 30_000,
  });
