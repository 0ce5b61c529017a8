export {
  createEvmAdapter,
  type EvmAdapter,
  type EvmAdapterConfig,
  type EvmConfirmationStatus,
} from './adapter';
export { CANONICAL_EVM_CONTRACTS, type EvmContracts } from './context';
export { evmAddressProblem, isValidEvmAddress, normalizeEvmAddress } from './address';
export { MULTICALL_CHUNK_SIZE } from './balances';
export { FEE_PERCENTILES, defaultMinPriorityFee } from './fees';
export {
  SAFE_ERRORS,
  type ExecSimulation,
  type SafeDeployment,
  type SafeState,
  type VerifySafeSignatureInput,
} from './safe-ops';
export {
  computeSafeAddress,
  encodeSafeSetup,
  validateSafeSetup,
  MAX_SAFE_OWNERS,
  type SafeSetupParams,
} from './safe-deploy';
export {
  SECP256K1_HALF_N,
  SECP256K1_N,
  encodeSafeSignatures,
  parseEcdsaSignature,
  recoverSafeTxSigner,
  type SafeSignature,
  type SafeSignatureKind,
} from './safe-signatures';
export { recoverEvmSigner } from './ecdsa-recover';
export {
  SAFE_TX_TYPES,
  SAFE_TX_TYPEHASH,
  buildRejection,
  buildTransfer,
  encodeExecTransaction,
  normalizeSafeTx,
  safeDomainSeparator,
  safeMessageTypedData,
  safeTxFromTypedData,
  safeTxHash,
  safeTxPreimage,
  safeTxTypedData,
  type SafeTx,
  type SafeTxTypedData,
} from './safe-tx';
export { LOG_BLOCK_RANGE, MAX_NATIVE_SCAN_BLOCKS } from './transfers';
export { decodeSignedTransaction, type SignedEvmTransaction } from './raw-tx';
export { safeTxFromJson, safeTxToJson } from './safe-tx-json';
export { safeTxReview, type SafeCallKind, type SafeTxReview } from './safe-tx-view';
export { bumpedGasPrice, customGasPrice, gasPriceOf, isEnoughBump, type GasPrice } from './fee-choice';
export {
  approveCallData,
  isUnlimitedAllowance,
  type AllowanceRef,
  type ApprovalSeen,
} from './token-approvals';
export {
  MIN_RECOVERY_EXPIRATION,
  SENTINEL_ADDRESS,
  moduleProxyFactoryAbi,
  queuedRecoveries,
  readRecovery,
  recoveryCancelCall,
  recoveryDelayAbi,
  recoveryDelayAddress,
  recoveryDelayInitializer,
  recoveryDisableCalls,
  recoveryExecuteCall,
  recoveryQueueCall,
  recoverySetupCalls,
  safeRecoveryAbi,
  swapOwnerData,
  type NextSafeRecovery,
  type QueuedDelayCall,
  type QueuedSafeRecovery,
  type RecoveryDelayParams,
  type RecoveryLogClient,
  type RecoveryReadClient,
  type SafeRecoveryState,
} from './recovery';
export {
  safeMessageHash,
  safeMessageHashOf,
  type SafeMessagePayload,
  type SafeMessageRequest,
  type SafeMessageReview,
} from './safe-message';
