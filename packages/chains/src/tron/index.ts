export * from './address';
export * from './adapter';
export * from './family';
export * from './family-setup';
export * from './permissions';
export * from './transaction';
export { SIGNING_WINDOW_MS, type TronTransferState } from './transfer';
