/** §4 task statuses of transfers. */
export const TransferStatus = {
  PendingApproval: 0,
  Completed: 1,
  Failed: 2,
  PendingSignature: 3,
  PendingBroadcast: 5,
  OnChain: 6,
  Revoked: 7,
  BroadcastRejected: 8,
  ApprovalRejected: 9,
  UserCancelled: 10,
  TimeoutCancelled: 11,
} as const;

export const TRANSFER_TASK = 1;
/** Statuses whose amount is locked and whose Safe nonce is taken. */
export const ACTIVE_STATUSES = [0, 3, 5, 6];
