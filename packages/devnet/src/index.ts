// @keystead/devnet: local chains for the default run and for tests (dev only).
export { startEvmDevnet, type EvmDevnetStartInfo } from './evm-devnet';
export { fundFromFaucet, type FaucetAmounts } from './faucet';
export { isDevnetHealthy } from './health';
export { devnetAbi, USDT_DECIMALS } from './abi';
export { hardhatAccounts, HARDHAT_MNEMONIC } from './hardhat-accounts';
export { devnetContractAddresses } from './evm/deploy';
export {
  CANONICAL_SAFE_V141,
  MULTICALL3_ADDRESS,
  safeArtifact,
  type SafeContractName,
} from './evm/safe-artifacts';
export {
  isLitecoindAvailable,
  LITECOIN_REGTEST_CSV_HEIGHT,
  LitecoinRpcError,
  mineToCsvActive,
  passCsvActivation,
  startLitecoinRegtest,
  type LitecoinCall,
  type LitecoinRegtest,
  type LitecoinRpcOptions,
  type StartLitecoinRegtestOptions,
} from './litecoin-regtest';
export type { Address, DevnetAccount, DevnetContracts, EvmDevnet, Hex, StartEvmDevnetOptions } from './types';
