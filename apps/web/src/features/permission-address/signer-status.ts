/** §3 signer address status: 0 pending verification, 1 verified, 2 pending deletion. */
export const SIGNER_STATUS = { pending: 0, verified: 1, pendingDeletion: 2 } as const;
