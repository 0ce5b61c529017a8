export * from './independent.js';
export {
  startTronFixtureNode,
  FIXTURE_USDT,
  FIXTURE_USDT_DECIMALS,
  MAINNET_CHAIN_PARAMETERS,
  type TronFixtureNode,
  type TronFixtureNodeOptions,
} from './fixture-node.js';
export { FIXTURE_USDT_HEX, DEFAULT_ACTIVE_OPERATIONS, type FailReason } from './fixture-chain.js';
export { SYNTHETIC_ENERGY, TRANSFER_TOPIC } from './fixture-trc20.js';
