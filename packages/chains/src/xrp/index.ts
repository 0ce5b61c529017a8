export * from './address';
export * from './adapter';
export * from './amounts';
export * from './codec';
export * from './family';
export { ASF_DISABLE_MASTER, xrpKeysOf, type XrpSetupStep, type XrpWalletKeys } from './family-setup';
export { MAX_SIGNERS, signerListOf, type SignerList } from './signer-list';
export { WINDOW_LEDGERS, FASTEST_LEDGER_MS, type XrpPayload, type XrpTransferState } from './transfer';
