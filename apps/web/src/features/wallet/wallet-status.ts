/** §4 Wallet status values the screens branch on. */
export const WALLET_STATUS = {
  normal: 1,
  initializing: 3,
  deployPending: 8,
  archived: 10,
  awaitingVerification: 11,
} as const;
/** §3 sign type: 1 multi, 2 single, 3 exchange. */
export const SIGN_TYPE = { multi: 1, single: 2, exchange: 3 } as const;
