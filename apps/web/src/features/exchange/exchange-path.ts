/** The page of one exchange account. */
export const exchangePath = (walletId: number) => `/wallet/exchange-wallet/${walletId}`;
