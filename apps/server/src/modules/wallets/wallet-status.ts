import { SignType, TaskStatus, TaskType, WalletStatus as SharedWalletStatus } from '@keystead/contract';

/** The §4 wallet statuses the server uses, named as the wizard goes. */
export const WalletStatus = {
  Normal: SharedWalletStatus.Normal,
  Initializing: SharedWalletStatus.Initializing,
  DeployPending: SharedWalletStatus.DeployPending,
  Archived: SharedWalletStatus.Archived,
  AwaitingVerification: SharedWalletStatus.SingleAwaitingVerification,
  /** Solana: the Squads multisig is still to be created by the space's fee payer — 4. */
  AwaitingCreation: SharedWalletStatus.ContractNotDeployed,
  /** Tron: the account needs TRX (activation and the permission update's fee) — 6. */
  TrxNeededForActivation: SharedWalletStatus.TrxNeededForActivation,
  /** Tron: funded; the first key's permission update is awaited — 13. */
  PermissionChangePending: SharedWalletStatus.PermissionChangePending,
  /** Tron: the permission update was sent; the chain must show it — 14. */
  PermissionChanging: SharedWalletStatus.PermissionChanging,
} as const;

export { SignType, TaskStatus, TaskType };
