import { api, V1 } from '@/lib/api-client';
import type { SignReply } from './types';

/**
 * Tron and XRP: one key's signature of the transfer as text, in the family's format (Tron: 65-byte
 * hex over the transaction id or TronLink's signed transaction JSON; XRP: the {"Signer": …} entry
 * or a multisigned tx_blob). The reply counts weights against the threshold.
 */
export const signAccountTask = (body: { task_id: number; signature: string }) =>
  api.post<SignReply>(`${V1}/sign`, body);
