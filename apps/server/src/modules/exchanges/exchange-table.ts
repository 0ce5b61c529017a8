import type { ExchangeId } from '@keystead/contract';

/**
 * The exchanges accounts can be added for, by ccxt id: one line each (§1, issue 17). ccxt does
 * every request and its signing; this table says what the platform needs to know on top.
 */
export interface ExchangeSpec {
  id: ExchangeId;
  name: string;
  /** The exchange's API keys carry a passphrase (ccxt's `password` credential). */
  passphrase: boolean;
  /** The exchange lets a key be bound to IP addresses (the platform's, from GET /v4/ip-config). */
  ipWhitelist: boolean;
  /** ccxt fetchBalance `type`s read for the assets tab, the first one also by the check. */
  accountTypes: readonly string[];
  /**
   * Accounts whose balances the refresh job reads per run (each read is a few signed requests):
   * the platform's share of the exchange's per-IP request limit, whatever the number of accounts.
   */
  refreshPerRun: number;
  /**
   * ccxt reads this exchange's deposits and withdrawals one currency account at a time (Coinbase:
   * fetchDeposits needs a currency code): they are read for each currency the account's balances
   * hold, with these ccxt params. Unset: one fetchDeposits() and one fetchWithdrawals() in all.
   */
  historyPerCurrency?: Readonly<Record<string, string>>;
  /**
   * ccxt parses this exchange's deposits and withdrawals only with its currency list loaded
   * (HTX: the networks by chain id): the list is read first (one public request).
   */
  historyNeedsCurrencies?: boolean;
}

export const EXCHANGES: readonly ExchangeSpec[] = [
  {
    id: 'binance',
    name: 'Binance',
    passphrase: false,
    ipWhitelist: true,
    // ccxt: 'margin' is the cross-margin account, 'future' the USDⓈ-M futures wallet.
    accountTypes: ['spot', 'funding', 'margin', 'future'],
    refreshPerRun: 20,
  },
  {
    id: 'okx',
    name: 'OKX',
    passphrase: true,
    ipWhitelist: true,
    accountTypes: ['trading', 'funding'],
    refreshPerRun: 20,
  },
  {
    id: 'bybit',
    name: 'Bybit',
    passphrase: false,
    ipWhitelist: true,
    // ccxt: 'spot' reads the unified trading account's wallet (accountType UNIFIED) on a unified
    // account and the spot wallet on a classic one; 'funding' the funding wallet (FUND).
    accountTypes: ['spot', 'funding'],
    refreshPerRun: 20,
  },
  {
    id: 'bitget',
    name: 'Bitget',
    passphrase: true,
    ipWhitelist: true,
    // ccxt: on a unified trading account 'spot' reads the unified account's assets and 'funding'
    // the funding account; on a classic account 'spot' reads the spot account, and ccxt refuses
    // 'funding' there (NotSupported), which the assets read skips.
    accountTypes: ['spot', 'funding'],
    refreshPerRun: 10,
  },
  {
    id: 'gate',
    name: 'Gate',
    passphrase: false,
    ipWhitelist: true,
    // ccxt: 'spot' is the classic spot account (GET /spot/accounts; /unified/accounts when the key is
    // in Gate's legacy unified mode).
    accountTypes: ['spot'],
    refreshPerRun: 10,
  },
  {
    id: 'htx',
    name: 'HTX',
    passphrase: false,
    ipWhitelist: true,
    // ccxt: 'spot' is the spot account (GET /v1/account/accounts, then its /balance).
    accountTypes: ['spot'],
    refreshPerRun: 10,
    historyNeedsCurrencies: true,
  },
  {
    id: 'coinbase',
    name: 'Coinbase',
    passphrase: false,
    ipWhitelist: true,
    // ccxt: 'spot' reads the wallet accounts (GET /v2/accounts), one per currency (totals, no holds).
    accountTypes: ['spot'],
    refreshPerRun: 10,
    // Crypto sends and receives (GET /v2/accounts/:id/transactions); without it ccxt lists only
    // fiat deposits and withdrawals.
    historyPerCurrency: { currencyType: 'crypto' },
  },
];

/** The table's line for an exchange id, or undefined when the platform does not add it. */
export function exchangeSpec(id: string): ExchangeSpec | undefined {
  return EXCHANGES.find((spec) => spec.id === id.toLowerCase());
}
