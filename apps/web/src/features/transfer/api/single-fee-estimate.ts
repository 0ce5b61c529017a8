import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { singleFeeEstimateReply } from '@keystead/contract/api/space-lookups';
import { api, V1 } from '@/lib/api-client';
import { FEE_REFRESH_MS } from './create-transfer';

/** POST /fee/single-estimate: one transfer priced at each tier, in the chain's coin and in USD. */
export type SingleFeeEstimate = z.infer<typeof singleFeeEstimateReply>;

export interface SingleFeeInput {
  walletId: number;
  to: string;
  amount: string;
  token?: string | null | undefined;
  utxos?: string[] | undefined;
  /** XRP: the destination tag, when one is given. */
  destinationTag?: number | undefined;
}

export const fetchSingleFeeEstimate = (input: SingleFeeInput) =>
  api.post<SingleFeeEstimate>(`${V1}/fee/single-estimate`, {
    wallet_id: input.walletId,
    to: input.to,
    amount: input.amount,
    ...(input.token ? { token: input.token } : {}),
    ...(input.utxos?.length ? { utxos: input.utxos } : {}),
    ...(input.destinationTag !== undefined ? { destination_tag: input.destinationTag } : {}),
  });

/** Asked only for a valid recipient and amount (`input` null otherwise); re-read with the wizard's 30 s fee refresh. */
export const useSingleFeeEstimate = (input: SingleFeeInput | null) =>
  useQuery({
    queryKey: ['transfer', 'single-fee', input],
    queryFn: () => fetchSingleFeeEstimate(input!),
    enabled: input !== null,
    refetchInterval: FEE_REFRESH_MS,
    retry: false,
    // The inline error below the fee choice says it; no toast as well.
    meta: { silent: true },
  });
