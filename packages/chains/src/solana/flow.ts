import { ed25519 } from '@noble/curves/ed25519';
import {
  ComputeBudgetProgram,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { FamilyError, type FeePayer } from '../family';
import { approveInstruction, executeInstruction, proposeInstructions } from './squads';
import { payerInstructions, vaultInstructions, type SolTransferPlan } from './transfer';

/**
 * The Squads transaction flow of one transfer: every transaction is paid by the space's fee
 * payer, a member that may propose and execute but never vote. A signer's approval is a
 * transaction of their own (fee payer + signer); the first one also puts the vault transaction
 * and its proposal on chain. Once the approvals reach the threshold the fee payer executes it.
 */
export interface SquadsTransfer {
  plan: SolTransferPlan;
  multisig: string;
  /** Priority fee in micro-lamports per compute unit (0: none). */
  microLamportsPerCu: string;
}

const priority = (transfer: SquadsTransfer): TransactionInstruction[] =>
  BigInt(transfer.microLamportsPerCu) > 0n
    ? [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: BigInt(transfer.microLamportsPerCu) })]
    : [];

const compile = (payer: string, blockhash: string, instructions: TransactionInstruction[]) =>
  new TransactionMessage({
    payerKey: new PublicKey(payer),
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message();

/**
 * What `member` signs to approve transaction `index`: their approval alone, or — for the first
 * approval (`proposes`) — the vault transaction and proposal before it, created by the fee payer.
 */
export function approvalMessage(
  transfer: SquadsTransfer,
  input: { feePayer: string; member: string; index: bigint; proposes: boolean; blockhash: string },
) {
  const { multisig, plan } = transfer;
  const propose = input.proposes
    ? proposeInstructions({
        multisig,
        sponsor: input.feePayer,
        index: input.index,
        inner: vaultInstructions(plan),
      })
    : [];
  const approve = approveInstruction({ multisig, index: input.index, member: input.member });
  return compile(input.feePayer, input.blockhash, [...priority(transfer), ...propose, approve]);
}

/** The execution the fee payer sends once the proposal is approved (it creates the recipient's token account first). */
export function executionMessage(
  transfer: SquadsTransfer,
  input: { feePayer: string; index: bigint; blockhash: string },
) {
  const { multisig, plan } = transfer;
  return compile(input.feePayer, input.blockhash, [
    ...priority(transfer),
    ...payerInstructions(plan, input.feePayer),
    executeInstruction({
      multisig,
      index: input.index,
      member: input.feePayer,
      inner: vaultInstructions(plan),
    }),
  ]);
}

export interface CheckedApproval {
  member: string;
  /** The signed transaction, still without the fee payer's signature (base64). */
  wire: string;
  signature: string;
}

/**
 * A signer's signed approval, accepted only if its message is exactly the one we would build for
 * that member at the blockhash it carries, and the member's ed25519 signature is over those bytes.
 */
export function checkApproval(
  transfer: SquadsTransfer,
  submitted: string,
  expected: { feePayer: string; members: ReadonlySet<string>; index: bigint; proposes: boolean },
): CheckedApproval {
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(submitted.trim(), 'base64'));
  } catch {
    throw new FamilyError('SIGNATURE_INVALID_ERROR');
  }
  const { message } = tx;
  const signers = message.staticAccountKeys
    .slice(0, message.header.numRequiredSignatures)
    .map((k) => k.toBase58());
  if (signers.length !== 2 || signers[0] !== expected.feePayer)
    throw new FamilyError('TASK_DATA_CHANGED_ERROR');
  const member = signers[1]!;
  if (!expected.members.has(member)) throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
  const ours = approvalMessage(transfer, { ...expected, member, blockhash: message.recentBlockhash });
  const bytes = message.serialize();
  if (!Buffer.from(bytes).equals(Buffer.from(ours.serialize())))
    throw new FamilyError('TASK_DATA_CHANGED_ERROR');
  const signature = tx.signatures[1]!;
  if (!ed25519.verify(signature, bytes, new PublicKey(member).toBytes()))
    throw new FamilyError('SIGNATURE_INVALID_ERROR');
  return {
    member,
    wire: Buffer.from(tx.serialize()).toString('base64'),
    signature: Buffer.from(signature).toString('base64'),
  };
}

/** The fee payer's signature added to a checked approval (or any message it pays for); wire bytes. */
export function paidBy(feePayer: FeePayer, wire: Uint8Array): Uint8Array {
  const tx = VersionedTransaction.deserialize(wire);
  if (tx.message.staticAccountKeys[0]?.toBase58() !== feePayer.address)
    throw new FamilyError('TASK_DATA_CHANGED_ERROR');
  tx.signatures[0] = feePayer.sign(tx.message.serialize());
  return tx.serialize();
}

/** An unsigned transaction of a message (base64), as a signer's wallet takes it. */
export const unsignedWire = (message: ReturnType<typeof compile>) =>
  Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');

/** Lamports per signature (Solana's base fee) and the compute units a Squads step is priced at. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
export const COMPUTE_UNITS = 200_000n;

/** What one approval costs its fee payer: two signatures and the priority fee of its compute units. */
export function approvalFee(transfer: Pick<SquadsTransfer, 'microLamportsPerCu'>): bigint {
  return 2n * LAMPORTS_PER_SIGNATURE + (COMPUTE_UNITS * BigInt(transfer.microLamportsPerCu)) / 1_000_000n;
}
