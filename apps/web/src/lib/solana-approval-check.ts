import { readApproval } from './solana-approval';
import { SQUADS_V4, transactionAccountsOf } from './squads-accounts';
import { VAULT_TRANSACTION_CREATE } from './squads-vault-message';
import { vaultTransferRefusal, type ExpectedTransfer, type VaultTransfer } from './solana-vault-transfer';
import { WalletError } from './wallet-connectors/types';

export type { ExpectedTransfer, VaultTransfer } from './solana-vault-transfer';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
/** Anchor discriminators of the only other Squads instructions an approval carries (the program's IDL). */
const PROPOSAL_CREATE = [220, 60, 73, 224, 30, 108, 79, 159];
const PROPOSAL_APPROVE = [144, 37, 164, 136, 188, 216, 42, 248];

/** What the signing card shows: the approval must be exactly for this. */
export interface ExpectedApproval {
  /** The wallet's Squads multisig account. */
  multisig: string;
  /** The space's fee payer, who pays and sends. */
  feePayer: string;
  /** The signer key asked to sign. */
  signer: string;
  /** The vault transaction's index shown with the approval. */
  index: string;
  /** The task's transfer: what a proposing approval's vault transaction must do, and nothing else. */
  transfer?: ExpectedTransfer;
}

const startsWith = (data: Uint8Array, discriminator: number[]) =>
  data.length >= 8 && discriminator.every((byte, i) => data[i] === byte);

/** The check's answer: why not to sign (or null), and the vault's transfer a proposing approval carries. */
export interface ApprovalCheck {
  refusal: string | null;
  transfer: VaultTransfer | null;
}

/**
 * Whether a server-built approval may be signed. A signer's key signs it in a wallet, on a Ledger
 * that shows only a hash, or on a Keystone, so the page checks it first: paid by the space's fee
 * payer, signed by the signer, only compute budget and the three Squads v4 instructions an
 * approval needs (vaultTransactionCreate, proposalCreate, proposalApprove), each on this wallet's
 * multisig and for the index shown — so nothing else can move the signer's coins — and, when it
 * proposes, a vault transaction that does exactly the task's transfer (solana-vault-transfer.ts).
 */
export async function checkApproval(wire: string, expected: ExpectedApproval): Promise<ApprovalCheck> {
  const refuse = (refusal: string) => ({ refusal, transfer: null });
  let approval;
  try {
    approval = await readApproval(wire);
  } catch {
    return refuse('not a transaction');
  }
  const { message } = approval.transaction;
  // Every account must be readable here: no address lookup tables.
  if (message.addressTableLookups.length > 0) return refuse('address lookup tables');
  const { keys } = approval;
  if (keys[0] !== expected.feePayer)
    return refuse(`paid by ${keys[0]}, not the fee payer ${expected.feePayer}`);
  const at = keys.indexOf(expected.signer);
  if (at < 0 || at >= message.header.numRequiredSignatures)
    return refuse(`${expected.signer} does not sign it`);
  const ours = await transactionAccountsOf(expected.multisig, expected.index);
  const notOurs = `not the proposal of transaction #${expected.index}`;
  let approves = 0;
  let transfer: VaultTransfer | null = null;
  for (const instruction of message.compiledInstructions) {
    const program = keys[instruction.programIdIndex];
    if (program === COMPUTE_BUDGET) continue;
    if (program !== SQUADS_V4) return refuse(`it calls ${program}`);
    const account = (i: number) => keys[instruction.accountKeyIndexes[i] ?? -1];
    if (account(0) !== expected.multisig) return refuse(`a Squads instruction on ${account(0)}`);
    const { data } = instruction;
    if (startsWith(data, PROPOSAL_APPROVE)) {
      if (account(2) !== ours.proposal) return refuse(notOurs);
      approves += 1;
    } else if (startsWith(data, PROPOSAL_CREATE)) {
      if (account(1) !== ours.proposal) return refuse(notOurs);
    } else if (startsWith(data, VAULT_TRANSACTION_CREATE)) {
      if (account(1) !== ours.transaction) return refuse(`not vault transaction #${expected.index}`);
      // What the vault will run is in these bytes: the task's transfer, or no signature.
      if (!expected.transfer) return refuse('a vault transaction with no transfer to check it against');
      const inner = await vaultTransferRefusal(data, expected.multisig, expected.transfer);
      if (typeof inner === 'string') return refuse(inner);
      transfer = inner;
    } else return refuse('a Squads instruction other than an approval needs');
  }
  if (approves !== 1) return refuse(`${approves} proposalApprove instructions, not one`);
  return { refusal: null, transfer };
}

/** Why a server-built approval must not be signed, or null when it is what the card shows. */
export async function approvalRefusal(wire: string, expected: ExpectedApproval): Promise<string | null> {
  return (await checkApproval(wire, expected)).refusal;
}

/** checkApproval as the signing flows use it: a refusal stops them before anything signs; else what the vault will run. */
export async function assertApproval(
  wire: string,
  expected: ExpectedApproval,
): Promise<VaultTransfer | null> {
  const { refusal, transfer } = await checkApproval(wire, expected);
  if (refusal) throw new WalletError('transaction_mismatch', refusal);
  return transfer;
}
