import type { BroadcastReply } from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';

/**
 * POST /task/tracer: the hash of a transaction sent from outside the platform; recorded only when
 * the chain shows it executing exactly this transfer.
 */
export const traceTransfer = (taskId: number, txHash: string) =>
  api.post<BroadcastReply>(`${V1}/task/tracer`, { task_id: taskId, tx_hash: txHash });
