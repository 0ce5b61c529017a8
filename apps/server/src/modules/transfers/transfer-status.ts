import { TaskStatus, TaskType } from '@keystead/contract';

/** Transfer statuses are the §4 task statuses of the shared contract. */
export const TransferStatus = TaskStatus;
export const TRANSFER_TASK = TaskType.Transfer;
/** Statuses whose amount is locked and whose Safe nonce is taken. */
export const ACTIVE_STATUSES: number[] = [
  TaskStatus.PendingApproval,
  TaskStatus.PendingSignature,
  TaskStatus.PendingBroadcast,
  TaskStatus.OnChain,
];
