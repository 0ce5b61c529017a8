import { api, V1 } from '@/lib/api-client';
import type { FeeTier, MaxAmount } from './types';

/** The wizard's Max: the server's largest sendable amount for this recipient, fee and coin choice. */
export const fetchMaxAmount = (input: {
  walletId: number;
  to?: string | undefined;
  feeTier: FeeTier;
  customFeeRate?: string | undefined;
  utxos?: string[] | undefined;
}) =>
  api.post<MaxAmount>(`${V1}/fee/estimate/max`, {
    wallet_id: input.walletId,
    ...(input.to ? { to: input.to } : {}),
    fee_tier: input.feeTier,
    ...(input.feeTier === 'custom' && input.customFeeRate ? { custom_fee_rate: input.customFeeRate } : {}),
    ...(input.utxos?.length ? { utxos: input.utxos } : {}),
  });
