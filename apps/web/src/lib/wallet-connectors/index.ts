/**
 * Wallet connectors (DESIGN: lib/ wallet connectors): one interface for every way to reach a
 * signing key. Only what works is listed: the injected browser wallet, Ledger (WebHID), Trezor
 * (Trezor Connect), OneKey (OneKey's hardware SDK, WebUSB or OneKey Bridge), air-gapped QR
 * signers, a phone wallet over WalletConnect (when the server has a WalletConnect project) and,
 * on a server with the devnet, the devnet signer; TronLink for Tron.
 */
export { WalletError, isWalletError } from './types';
export type {
  Address,
  ConnectorId,
  Hex,
  SignableTransaction,
  TransactionRequest,
  TypedDataRequest,
  WalletConnector,
} from './types';
export { showWalletError, toWalletError, walletErrorMessage, type WalletAction } from './errors';
export {
  CUSTOM_PATH_INDEX_MAX,
  SCHEME_PATHS,
  hasCustomPaths,
  isDerivationPath,
  type AccountScheme,
  type CustomPathAccounts,
  type CustomPathRequest,
} from './custom-path';
export { injectedConnector } from './injected';
export { devnetConnector } from './devnet';
export { qrConnector } from './qr';
export { walletConnectConnector, type WalletConnectConfig } from './walletconnect/walletconnect';
export {
  walletConnectPrompts,
  type PendingPrompt,
  type WalletConnectPrompt,
} from './walletconnect/wc-prompt';
export { ledgerConnector } from './ledger/ledger';
export { trezorConnector } from './trezor/trezor';
export { oneKeyConnector } from './onekey/onekey';
export { typedDataHashes, type TypedDataHashes } from './typed-data-hashes';
export { tronLink } from './tronlink';
export { solanaWallet } from './phantom';
