import type { BitcoinTaskInfo, TaskInfo, TronTaskInfo } from './api/types';

/** §3 address tag types. */
export const ADDRESS_TAG = {
  orgWallet: -2,
  addressBook: -1,
  black: 1,
  exchange: 2,
  new: 6,
  firstTransfer: 20,
  similar: 21,
} as const;

/** §4 Task status. */
export const TASK_STATUS = {
  pendingApproval: 0,
  completed: 1,
  failed: 2,
  pendingSignature: 3,
  pendingBroadcast: 5,
  onChain: 6,
  revoked: 7,
  broadcastRejected: 8,
  approvalRejected: 9,
  userCancelled: 10,
  timeoutCancelled: 11,
} as const;

export const FINAL_STATUSES: readonly number[] = [1, 2, 7, 8, 9, 10, 11];

/** Bitcoin-family tasks carry a PSBT (and say family 'BTC'). */
export const isUtxoTask = (task: TaskInfo): task is BitcoinTaskInfo =>
  'family' in task && task.family === 'BTC';

/** Tron tasks carry the transaction to sign and the keys' weights (and say family 'TRX'). */
export const isTronTask = (task: TaskInfo): task is TronTaskInfo => 'family' in task && task.family === 'TRX';
