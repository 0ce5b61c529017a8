export * from './address';
export * from './adapter';
export * from './family';
export { solWalletKeys, type SolWalletKeys } from './family-setup';
export { newSeed, seedSigner, signatureBytes, verifySolanaMessage } from './message';
export {
  SQUADS_PROGRAM_ID,
  decodeMultisig,
  decodeProposal,
  multisigPda,
  programConfigPda,
  vaultPda,
} from './squads';
export { type SolTransferPlan } from './transfer';
export { approvalFee, type SquadsTransfer } from './flow';
