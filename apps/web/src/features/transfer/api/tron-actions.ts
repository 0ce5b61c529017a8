import { api, V1 } from '@/lib/api-client';
import type { BroadcastReply, SignReply } from './types';

/**
 * Tron: one key's signature of the transfer — 65-byte hex over the transaction id, or the whole
 * signed transaction JSON as TronLink returns it. The reply counts weights against the threshold.
 */
export const signTronTask = (body: { task_id: number; signature: string }) =>
  api.post<SignReply>(`${V1}/sign`, body);

/** Tron at 5: the server appends the signatures and relays the transaction (stored first, sent once). */
export const broadcastTronTask = (body: { task_id: number }) =>
  api.post<BroadcastReply>(`${V1}/broadcast`, body);
