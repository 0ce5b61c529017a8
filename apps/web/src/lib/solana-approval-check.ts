import { readApproval } from './solana-approval';
import { WalletError } from './wallet-connectors/types';

const SQUADS_V4 = 'SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

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
}

/** Squads v4's proposal account of a vault transaction (seeds of the program's `Proposal`). */
async function proposalOf(multisig: string, index: string): Promise<string> {
  const { PublicKey } = await import('@solana/web3.js');
  const le = new Uint8Array(8);
  new DataView(le.buffer).setBigUint64(0, BigInt(index), true);
  const text = (value: string) => new TextEncoder().encode(value);
  const seeds = [
    text('multisig'),
    new PublicKey(multisig).toBytes(),
    text('transaction'),
    le,
    text('proposal'),
  ];
  return PublicKey.findProgramAddressSync(seeds, new PublicKey(SQUADS_V4))[0].toBase58();
}

/**
 * Why a server-built approval must not be signed, or null when it is what the card shows. A
 * signer's key signs it in a wallet, on a Ledger that shows only a hash, or on a Keystone, so the
 * page checks it first: paid by the space's fee payer, signed by the signer, only Squads v4 (and
 * compute budget) instructions, each on this wallet's multisig — so nothing else can move the
 * signer's coins — and the proposal of the index shown among its accounts.
 */
export async function approvalRefusal(wire: string, expected: ExpectedApproval): Promise<string | null> {
  let approval;
  try {
    approval = await readApproval(wire);
  } catch {
    return 'not a transaction';
  }
  const { message } = approval.transaction;
  // Every account must be readable here: no address lookup tables.
  if (message.addressTableLookups.length > 0) return 'address lookup tables';
  const { keys } = approval;
  if (keys[0] !== expected.feePayer) return `paid by ${keys[0]}, not the fee payer ${expected.feePayer}`;
  const at = keys.indexOf(expected.signer);
  if (at < 0 || at >= message.header.numRequiredSignatures) return `${expected.signer} does not sign it`;
  for (const instruction of message.compiledInstructions) {
    const program = keys[instruction.programIdIndex];
    if (program === COMPUTE_BUDGET) continue;
    if (program !== SQUADS_V4) return `it calls ${program}`;
    const multisig = keys[instruction.accountKeyIndexes[0] ?? -1];
    if (multisig !== expected.multisig) return `a Squads instruction on ${multisig}`;
  }
  const proposal = await proposalOf(expected.multisig, expected.index);
  if (!keys.includes(proposal)) return `not the proposal of transaction #${expected.index}`;
  return null;
}

/** approvalRefusal as the signing flows use it: a refusal stops them before anything signs. */
export async function assertApproval(wire: string, expected: ExpectedApproval): Promise<void> {
  const refusal = await approvalRefusal(wire, expected);
  if (refusal) throw new WalletError('transaction_mismatch', refusal);
}
