/** §4 Wallet status values the screens branch on. */
export const WALLET_STATUS = {
  normal: 1,
  initializing: 3,
  /** Solana: the Squads multisig is not on chain yet; the space's fee payer creates it (4 → 8 → 1). */
  awaitingCreation: 4,
  deployPending: 8,
  archived: 10,
  awaitingVerification: 11,
  /** Tron and XRP: the account needs the coin for activation (reserves) and its setup steps (6). */
  tronNeedsTrx: 6,
  /** Tron and XRP: funded; the account's current key signs the next setup step (13). */
  permissionPending: 13,
  /** Tron and XRP: a setup step was sent; the chain must show it (14). */
  permissionChanging: 14,
} as const;

/** The setup statuses of an account handed to weighted keys (§4: 6 → 13 → 14 → 1; XRP passes 13 and 14 twice). */
export const ACCOUNT_SETUP_STATUSES: readonly number[] = [6, 13, 14];
/** §3 sign type: 1 multi, 2 single, 3 exchange. */
export const SIGN_TYPE = { multi: 1, single: 2, exchange: 3 } as const;
