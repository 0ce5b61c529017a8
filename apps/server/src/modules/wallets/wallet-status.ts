import { SignType, TaskStatus, TaskType, WalletStatus as SharedWalletStatus } from '@keystead/contract';

/** The §4 wallet statuses the server uses, named as the wizard goes. */
export const WalletStatus = {
  Normal: SharedWalletStatus.Normal,
  Initializing: SharedWalletStatus.Initializing,
  DeployPending: SharedWalletStatus.DeployPending,
  Archived: SharedWalletStatus.Archived,
  AwaitingVerification: SharedWalletStatus.SingleAwaitingVerification,
} as const;

export { SignType, TaskStatus, TaskType };
