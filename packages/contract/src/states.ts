/** The state machines of spec §4 as `as const` objects with value types. */

type ValueOf<T> = T[keyof T];

/** Task (transfer) status (§4 Task status). 4 is not used. */
export const TaskStatus = {
  PendingApproval: 0,
  Completed: 1,
  Failed: 2,
  PendingSignature: 3,
  PendingBroadcast: 5,
  OnChain: 6,
  Revoked: 7,
  BroadcastRejected: 8,
  ApprovalRejected: 9,
  /** The nonce was taken by another broadcast. */
  UserCancelled: 10,
  TimeoutCancelled: 11,
} as const;
export type TaskStatus = ValueOf<typeof TaskStatus>;

/** snake_case names of the task statuses, e.g. for i18n keys and filters. */
export const TASK_STATUS_NAMES = {
  0: 'pending_approval',
  1: 'completed',
  2: 'failed',
  3: 'pending_signature',
  5: 'pending_broadcast',
  6: 'on_chain',
  7: 'revoked',
  8: 'broadcast_rejected',
  9: 'approval_rejected',
  10: 'user_cancelled',
  11: 'timeout_cancelled',
} as const satisfies Record<TaskStatus, string>;

/** Revoke is offered while pending approval, signature or broadcast (§4). */
export const REVOCABLE_TASK_STATUSES: readonly TaskStatus[] = [
  TaskStatus.PendingApproval,
  TaskStatus.PendingSignature,
  TaskStatus.PendingBroadcast,
];
export function isTaskRevocable(status: number): boolean {
  return (REVOCABLE_TASK_STATUSES as readonly number[]).includes(status);
}

/** Statuses after which a task never changes again. */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = [
  TaskStatus.Completed,
  TaskStatus.Failed,
  TaskStatus.Revoked,
  TaskStatus.BroadcastRejected,
  TaskStatus.ApprovalRejected,
  TaskStatus.UserCancelled,
  TaskStatus.TimeoutCancelled,
];

/** Transfer-info statuses (§4). */
export const TransferInfoStatus = {
  Done: 1,
  Completed: 20,
  OnChain: 21,
  Failed: 22,
  UserCancelled: 23,
  TimeoutCancelled: 24,
} as const;
export type TransferInfoStatus = ValueOf<typeof TransferInfoStatus>;

export const BroadcastStatus = {
  BroadcastSuccess: 2,
  BroadcastFailure: 3,
  NotBroadcast: 4,
  Approving: 5,
  Trading: 6,
} as const;
export type BroadcastStatus = ValueOf<typeof BroadcastStatus>;

/** One approver's entry on a task (§3, §4). */
export const ApprovalResult = { Unapproved: 0, Approved: 1, Refused: 2 } as const;
export type ApprovalResult = ValueOf<typeof ApprovalResult>;

export const SignatureStatus = { ToSign: 'to_sign', Signed: 'signed' } as const;
export type SignatureStatus = ValueOf<typeof SignatureStatus>;

/** Broadcast card state; to_send is the single-signature wording. */
export const BroadcastStepStatus = { Done: 'done', ToBroadcast: 'to_broadcast', ToSend: 'to_send' } as const;
export type BroadcastStepStatus = ValueOf<typeof BroadcastStepStatus>;

/** Wallet status (§4 Wallet status). */
export const WalletStatus = {
  Normal: 1,
  Deleted: 2,
  Initializing: 3,
  ContractNotDeployed: 4,
  ImportedAwaitingVerification: 5,
  TrxNeededForActivation: 6,
  Modifying: 7,
  DeployPending: 8,
  PendingInitialization: 9,
  Archived: 10,
  SingleAwaitingVerification: 11,
  SignersNotConfigured: 12,
  PermissionChangePending: 13,
  PermissionChanging: 14,
} as const;
export type WalletStatus = ValueOf<typeof WalletStatus>;

export const ExchangeStatus = { Available: 1, Unavailable: 2, Paused: 3, Online: 4, Offline: 5 } as const;
export type ExchangeStatus = ValueOf<typeof ExchangeStatus>;

export const SignerAddressStatus = { PendingVerification: 0, Verified: 1, PendingDeletion: 2 } as const;
export type SignerAddressStatus = ValueOf<typeof SignerAddressStatus>;

export const TagStatus = { Enabled: 1, Disabled: 2, Deleted: -2 } as const;
export type TagStatus = ValueOf<typeof TagStatus>;

export const TagSource = { System: 'system', Custom: 'custom' } as const;
export type TagSource = ValueOf<typeof TagSource>;

export const RiskStrategyStatus = { Effective: 1, Failed: 2, Setting: 3 } as const;
export type RiskStrategyStatus = ValueOf<typeof RiskStrategyStatus>;

export const PlatformApiKeyStatus = { Started: 'start', Paused: 'pause' } as const;
export type PlatformApiKeyStatus = ValueOf<typeof PlatformApiKeyStatus>;

export const PaymentAddressStatus = { Active: 1, Inactive: 2 } as const;
export type PaymentAddressStatus = ValueOf<typeof PaymentAddressStatus>;

export const PaymentRecordType = { Deposit: 1, Refund: 2, Fee: 3 } as const;
export type PaymentRecordType = ValueOf<typeof PaymentRecordType>;

export const PaymentRecordStatus = { Success: 1, Failed: 2, Pending: 3 } as const;
export type PaymentRecordStatus = ValueOf<typeof PaymentRecordStatus>;

export const SpeedUpStatus = { Success: 1, Pending: 2, Refunded: 3 } as const;
export type SpeedUpStatus = ValueOf<typeof SpeedUpStatus>;

/** Exchange connectivity check steps, in order (§4). */
export const EXCHANGE_CHECK_STEPS = ['api_validity', 'network', 'permissions', 'account_info'] as const;
export type ExchangeCheckStep = (typeof EXCHANGE_CHECK_STEPS)[number];

export const EmergencyRecoveryState = {
  NotEnabled: 'not_enabled',
  Enabled: 'enabled',
  AllowedByAdmin: 'allowed_by_admin',
  PendingRestore: 'pending_restore',
  SignatureDisabled: 'signature_disabled',
  SignatureEnabled: 'signature_enabled',
} as const;
export type EmergencyRecoveryState = ValueOf<typeof EmergencyRecoveryState>;

export const INHERITANCE_ACTIONS = [
  'open',
  'close',
  'accept',
  'deny',
  'change_inheritor',
  'add_inheritor',
  'apply',
] as const;
export type InheritanceAction = (typeof INHERITANCE_ACTIONS)[number];

/** Environment scan of the space settings screen (§2). */
export const EnvironmentScanState = { Scanning: 'scanning', Secure: 'secure', Error: 'error' } as const;
export type EnvironmentScanState = ValueOf<typeof EnvironmentScanState>;
