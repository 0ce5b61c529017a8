/** How a wallet member is named on screen: the nickname, else the e-mail. */
export const personName = (person: { nickname: string | null; email: string }) =>
  person.nickname || person.email;

/** Bitcoin-family wallets are the descriptor wallets. */
export const isUtxoWallet = (wallet: { descriptor?: { receive: string } | null } | undefined) =>
  Boolean(wallet?.descriptor);

/** Every wallet query's key starts with this: a transfer step refreshes them all (locks, balances). */
export const WALLET_QUERY_KEY = ['wallet'] as const;
