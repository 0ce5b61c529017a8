import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { TRANSFER_KEY } from './transfer-queries';
import type {
  ApproveReply,
  BroadcastReply,
  RevokeReply,
  SignReply,
} from '@keystead/contract/api/transfer-replies';
import { WALLET_QUERY_KEY } from '@/features/wallet';
import type { BroadcastDraft, FeeTier } from './types';

export const approveTask = (body: { task_id: number; result: 1 | 2; comment?: string; mfa_code?: string }) =>
  api.post<ApproveReply>(`${V1}/task/approve`, body);

export const signTask = (body: { task_id: number; signature: string; kind: 'eip712' | 'eth_sign' }) =>
  api.post<SignReply>(`${V1}/sign`, body);

export const revokeTask = (body: { task_id: number; comment?: string }) =>
  api.post<RevokeReply>(`${V1}/task/revoke`, body);

export const createBroadcast = (body: {
  task_id: number;
  from: string;
  fee_tier?: FeeTier;
  custom_fee_gwei?: string;
  /** A pre-signed transfer (type 5): the e-mail code of purpose pre_sign_broadcast. */
  email_code?: string;
}) => api.post<BroadcastDraft>(`${V1}/broadcast-create`, body);

export const sendBroadcast = (body: {
  task_id: number;
  raw_tx?: string;
  tx_hash?: string;
  email_code?: string;
}) => api.post<BroadcastReply>(`${V1}/broadcast`, body);

/** A task action: errors toast (catalogue message), every transfer query refreshes afterwards. */
export function useTaskAction<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Toasted here, once: the client's global mutation toast stays out of it.
    meta: { silent: true },
    onError: (error) => void showErrorToast(error),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TRANSFER_KEY }),
        client.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
}
