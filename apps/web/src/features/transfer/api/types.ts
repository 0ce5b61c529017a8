/** The transfer API's replies, as the contract declares them (GET /task/info, /transfer/list, …). */
export type {
  AddressTags,
  ApproveReply,
  BroadcastReply,
  RevokeReply,
  SignReply,
  BitcoinTaskInfo,
  BroadcastDraft,
  EvmTaskInfo,
  FeeEstimate,
  OnChainRecord,
  OnChainRecordPage,
  QueueItem,
  TaskApproval,
  TaskBroadcast,
  TaskInfo,
  TransferPage,
  TronTaskInfo,
  XrpTaskInfo,
  TransferTask,
  TransferListItem,
  SafeTxReviewReply,
  NextAction,
  UtxoFeeRates,
} from '@keystead/contract/api/transfer-replies';
export type { FeeTier } from '@keystead/contract/enums';
export type { MaxAmount, TransferRecordInfo } from '@keystead/contract/api/progress';
