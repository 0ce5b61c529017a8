/** §4 Wallet status values the screens branch on. */
export const WALLET_STATUS = {
  normal: 1,
  initializing: 3,
  deployPending: 8,
  archived: 10,
  awaitingVerification: 11,
  /** Tron: the account needs TRX for activation and the permission update (6). */
  tronNeedsTrx: 6,
  /** Tron: funded; the account's first key signs the permission update (13). */
  permissionPending: 13,
  /** Tron: the permission update was sent; the chain must show it (14). */
  permissionChanging: 14,
} as const;

/** The Tron setup statuses (§4: 6 → 13 → 14 → 1). */
export const TRON_SETUP_STATUSES: readonly number[] = [6, 13, 14];
/** §3 sign type: 1 multi, 2 single, 3 exchange. */
export const SIGN_TYPE = { multi: 1, single: 2, exchange: 3 } as const;
