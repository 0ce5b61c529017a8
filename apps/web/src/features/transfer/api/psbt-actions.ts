import type { PreviousTransactions } from '@keystead/contract';
import type { DevnetSignReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';
import type { BroadcastReply, SignReply, TransferTask } from './types';

/** Bitcoin family: a PSBT (base64) with the signer's partial signatures added. */
export const signPsbt = (body: { task_id: number; psbt: string }) => api.post<SignReply>(`${V1}/sign`, body);

/** Bitcoin family: the server finalizes the PSBT and relays it (stored first, sent once). */
export const broadcastPsbt = (body: { task_id: number }) => api.post<BroadcastReply>(`${V1}/broadcast`, body);

/** Bitcoin family: a BIP-125 replacement at a higher rate (a new task to sign). */
export const speedUpPsbt = (body: { task_id: number; fee_tier: 'custom'; custom_fee_rate: string }) =>
  api.post<TransferTask>(`${V1}/task/speed-up`, body);

/** Dev mode: the devnet PSBT signer (well-known test keys 1–9 of regtest chains). */
export const devnetSignPsbt = (body: { chain_key: string; index: number; psbt: string }) =>
  api.post<DevnetSignReply>(`${V1}/dev/utxo-devnet-sign`, body);

/** Bitcoin family: the whole transactions the task's inputs spend, for a Ledger or a OneKey. */
export const previousTransactionsOf = (taskId: number) =>
  api.get<PreviousTransactions>(`${V1}/task/previous-transactions`, { task_id: taskId });
