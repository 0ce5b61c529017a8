/** Exchanges whose API keys carry a passphrase (§5 "passphrase required for some"). */
export const PASSPHRASE_EXCHANGES: readonly string[] = ['okx', 'bitget'];
