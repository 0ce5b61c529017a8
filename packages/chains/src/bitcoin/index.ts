// Bitcoin-family adapter (BTC, LTC, BCH): keys, multisig wallets and descriptors, PSBTs, RPC.
export {
  BITCOIN_INPUT_REASONS,
  BitcoinError,
  isBitcoinError,
  type BitcoinErrorCode,
  type BitcoinInputReason,
} from './errors';
export {
  BITCOIN_CHAIN_KEYS,
  SIGHASH_ALL,
  SIGHASH_FORKID,
  bitcoinNetwork,
  isBitcoinChainKey,
  type BitcoinChainKey,
  type BitcoinNetwork,
  type MultisigScriptType,
} from './networks';
export {
  formatPath,
  parseExtendedPublicKey,
  parsePath,
  parsePublicKey,
  parseSignerKey,
  type SignerKey,
} from './keys';
export {
  MAX_MULTISIG_KEYS,
  MAX_P2SH_MULTISIG_KEYS,
  defaultSignerPath,
  deriveAddress,
  deriveAddresses,
  sortedMultisigScript,
  validateWallet,
  type Branch,
  type DerivedAddress,
  type KeyDerivation,
  type MultisigWallet,
} from './wallet';
export { descriptorChecksum, verifyDescriptorChecksum, withChecksum } from './descriptor-checksum';
export {
  descriptorScriptAt,
  parseDescriptor,
  walletDescriptors,
  walletFromDescriptor,
  type DescriptorKey,
  type DescriptorWrapper,
  type ParsedDescriptor,
} from './descriptor';
export {
  messageHash,
  recoverMessageSigner,
  signerChallenge,
  singleKeyAddresses,
  verifyMessageForAddress,
  verifyMessageForPublicKey,
  verifySignerKeyMessage,
} from './message';
export { segwitV0Digest } from './sighash';
export { dustThreshold, estimateVsize, feeFor, multisigInputWeight } from './size';
export {
  selectCoins,
  spendChosen,
  type Selection,
  type SelectionCosts,
  type WalletUtxo,
} from './coin-select';
export {
  SEQUENCE_FINAL,
  SEQUENCE_RBF,
  buildSpendPsbt,
  recipientScript,
  type BuildSpendInput,
  type BuiltSpend,
  type PaymentOutput,
} from './psbt-build';
export {
  addPartialSignatures,
  combinePsbts,
  finalizePsbt,
  inputSighash,
  partialSignatures,
  readPsbt,
  signatureProgress,
  signingRequests,
  verifyPartialSignature,
  type FinalizedTransaction,
  type PartialSignature,
  type SigningRequest,
} from './psbt-sign';
export { submittedSignatures } from './submitted-signatures';
export {
  MAX_RECOVERY_BLOCKS,
  deriveRecoveryAddress,
  recoveryMiniscript,
  recoveryWitnessScript,
  validateRecoveryBlocks,
  validateRecoveryWallet,
  type RecoveryAddress,
  type RecoveryKeyDerivation,
  type RecoveryWallet,
} from './recovery-script';
export {
  buildRecoverySpendPsbt,
  recoveryInputWeight,
  sequenceAllowsDelay,
  type BuildRecoverySpendInput,
  type BuiltRecoverySpend,
  type RecoverySpendPath,
} from './recovery-build';
export {
  addRecoverySignatures,
  finalizeRecoveryPsbt,
  recoverySigningRequests,
  type FinalizedRecoveryTransaction,
} from './recovery-sign';
export { buildReplacementPsbt, signalsRbf, type ReplacementInput } from './rbf';
export { BitcoinRpcError, coinsToSats, createBitcoinRpc, type BitcoinRpc } from './rpc';
export {
  FEE_TIER_BLOCKS,
  createBitcoinAdapter,
  type BitcoinAdapter,
  type BitcoinAdapterConfig,
  type BitcoinTxState,
  type BitcoinTxStatus,
  type ListUtxosOptions,
} from './adapter';
export { satsToCoins } from './units';
export { asFamilyError } from './family-errors';
