import type { BitcoinTaskInfo, EvmTaskInfo, TaskInfo, TronTaskInfo, XrpTaskInfo } from './api/types';

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

/** XRP tasks carry the Payment to sign, each signer's bytes and the ledger window (family 'XRP'). */
export const isXrpTask = (task: TaskInfo): task is XrpTaskInfo => 'family' in task && task.family === 'XRP';

/** Tron and XRP: signatures count by each key's weight against a threshold weight. */
export const isWeightedTask = (task: TaskInfo): task is TronTaskInfo | XrpTaskInfo =>
  isTronTask(task) || isXrpTask(task);

/** EVM (Safe) tasks name no family: a Safe transaction with its review. */
export const isEvmTask = (task: TaskInfo): task is EvmTaskInfo => !('family' in task);
