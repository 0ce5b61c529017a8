import { TaskStatus, TaskType } from '@keystead/contract';

/** Transfer statuses are the §4 task statuses of the shared contract. */
export const TransferStatus = TaskStatus;
export const TRANSFER_TASK = TaskType.Transfer;
/** A batch (one-to-many) is a transfer with several recipients: the same lifecycle, type 4. */
export const BATCH_TASK = TaskType.Batch;
/** A pre-signed transfer: built and signed now, broadcast later (with an e-mail code). */
export const PRESIGNED_TASK = TaskType.PreSigned;
/** Every task type that moves funds through the one transfer lifecycle. */
export const TRANSFER_TYPES: number[] = [
  TaskType.Transfer,
  TaskType.Batch,
  TaskType.PreSigned,
  TaskType.ContractInteraction,
];
/** Statuses whose amount is locked and whose Safe nonce is taken. */
export const ACTIVE_STATUSES: number[] = [
  TaskStatus.PendingApproval,
  TaskStatus.PendingSignature,
  TaskStatus.PendingBroadcast,
  TaskStatus.OnChain,
];
