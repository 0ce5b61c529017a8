import { TaskStatus, TaskType } from '@keystead/contract';

/** Transfer statuses are the §4 task statuses of the shared contract. */
export const TransferStatus = TaskStatus;
export const TRANSFER_TASK = TaskType.Transfer;
/** A batch (one-to-many) is a transfer with several recipients: the same lifecycle, type 4. */
export const BATCH_TASK = TaskType.Batch;
/** Every task type that moves funds through the one transfer lifecycle. */
export const TRANSFER_TYPES: number[] = [TaskType.Transfer, TaskType.Batch];
/** Statuses whose amount is locked and whose Safe nonce is taken. */
export const ACTIVE_STATUSES: number[] = [
  TaskStatus.PendingApproval,
  TaskStatus.PendingSignature,
  TaskStatus.PendingBroadcast,
  TaskStatus.OnChain,
];
