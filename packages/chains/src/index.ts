export * from './types';
export * from './errors';
export { CHAINS, chainByKey, explorerUrl, requireChain } from './chain-table';
export * from './evm/index';
export * from './bitcoin/index';
export * from './tron/index';
export * from './xrp/index';
export * from './family';
export { familyAdapter } from './family-table';
