/** §4 wallet statuses used by the server. */
export const WalletStatus = {
  Normal: 1,
  Initializing: 3,
  DeployPending: 8,
  Archived: 10,
  AwaitingVerification: 11,
} as const;

export const SignType = { Multi: 1, Single: 2, Exchange: 3 } as const;

/** Task types and statuses used so far (§4). */
export const TaskType = { WalletCreation: 3 } as const;
export const TaskStatus = { Completed: 1, Failed: 2, PendingBroadcast: 5, OnChain: 6, Revoked: 7 } as const;
