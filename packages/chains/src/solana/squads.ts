// Squads v4 multisig: the instructions a Keystead Solana wallet uses, built with the Squads SDK
// (@sqds/multisig), and the readers of the program's accounts.
//
// A wallet is a Squads v4 multisig whose members are the space's human signers (Vote only) and the
// space's fee-sponsor key (Initiate | Execute, never Vote): the sponsor pays every fee and rent,
// creates proposals and executes approved ones, but can never approve. The threshold counts voters only.
// The multisig is autonomous (no config authority), has no time lock, and the sponsor collects the rent
// of executed transaction accounts.
import * as multisig from '@sqds/multisig';
import { PublicKey, TransactionInstruction, TransactionMessage, type AccountMeta } from '@solana/web3.js';

/** The Squads v4 program (SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf). */
export const SQUADS_PROGRAM_ID: PublicKey = multisig.PROGRAM_ID;

/** Squads v4 member permission bits (the program's `Permission` enum). */
export const SquadsPermission = { Initiate: 1, Vote: 2, Execute: 4 } as const;

export interface SquadsMember {
  /** base58 public key */
  key: string;
  /** permission bitmask (SquadsPermission bits) */
  permissions: number;
}

/** The only vault a Keystead wallet uses. */
const VAULT_INDEX = 0;

function key(value: string, what: string): PublicKey {
  try {
    return new PublicKey(value);
  } catch {
    throw new Error(`invalid ${what} public key: ${value}`);
  }
}

function transactionIndex(index: bigint): bigint {
  if (typeof index !== 'bigint' || index < 1n || index >= 1n << 64n) {
    throw new Error(`invalid transaction index: ${String(index)}`);
  }
  return index;
}

/**
 * The members of a Keystead wallet: every signer with Vote only, then the fee sponsor with
 * Initiate | Execute (it can propose and execute, never approve).
 */
export function squadsMembers(signers: string[], sponsor: string): SquadsMember[] {
  const sponsorKey = key(sponsor, 'sponsor').toBase58();
  const seen = new Set<string>();
  const members: SquadsMember[] = [];
  for (const signer of signers) {
    const signerKey = key(signer, 'signer').toBase58();
    if (signerKey === sponsorKey) throw new Error('sponsor is a signer');
    if (seen.has(signerKey)) throw new Error('duplicate member');
    seen.add(signerKey);
    members.push({ key: signerKey, permissions: SquadsPermission.Vote });
  }
  members.push({ key: sponsorKey, permissions: SquadsPermission.Initiate | SquadsPermission.Execute });
  return members;
}

export function multisigPda(createKey: string): PublicKey {
  return multisig.getMultisigPda({ createKey: key(createKey, 'create key') })[0];
}

export function vaultPda(multisigAddress: string, vaultIndex: number = VAULT_INDEX): PublicKey {
  if (!Number.isInteger(vaultIndex) || vaultIndex < 0 || vaultIndex > 255) {
    throw new Error(`invalid vault index: ${vaultIndex}`);
  }
  return multisig.getVaultPda({ multisigPda: key(multisigAddress, 'multisig'), index: vaultIndex })[0];
}

export function transactionPda(multisigAddress: string, index: bigint): PublicKey {
  return multisig.getTransactionPda({
    multisigPda: key(multisigAddress, 'multisig'),
    index: transactionIndex(index),
  })[0];
}

export function proposalPda(multisigAddress: string, index: bigint): PublicKey {
  return multisig.getProposalPda({
    multisigPda: key(multisigAddress, 'multisig'),
    transactionIndex: transactionIndex(index),
  })[0];
}

export function programConfigPda(): PublicKey {
  return multisig.getProgramConfigPda({})[0];
}

/** multisigCreateV2 for a Keystead wallet (signed by the create key and the sponsor, who pays the rent). */
export function createMultisigInstruction(input: {
  createKey: string;
  creator: string;
  treasury: string;
  signers: string[];
  threshold: number;
  sponsor: string;
}): TransactionInstruction {
  const members = squadsMembers(input.signers, input.sponsor);
  const voters = members.filter((m) => (m.permissions & SquadsPermission.Vote) !== 0).length;
  if (!Number.isInteger(input.threshold) || input.threshold < 1 || input.threshold > voters) {
    throw new Error(`threshold ${input.threshold} is not between 1 and the ${voters} signers`);
  }
  const createKey = key(input.createKey, 'create key');
  return multisig.instructions.multisigCreateV2({
    treasury: key(input.treasury, 'treasury'),
    creator: key(input.creator, 'creator'),
    multisigPda: multisig.getMultisigPda({ createKey })[0],
    configAuthority: null,
    threshold: input.threshold,
    members: members.map((m) => ({
      key: new PublicKey(m.key),
      permissions: multisig.types.Permissions.fromPermissions(
        [SquadsPermission.Initiate, SquadsPermission.Vote, SquadsPermission.Execute].filter(
          (bit) => (m.permissions & bit) !== 0,
        ),
      ),
    })),
    timeLock: 0,
    createKey,
    rentCollector: key(input.sponsor, 'sponsor'),
  });
}

/**
 * The message the vault runs, paid by the vault. Only the vault may sign inner instructions: it signs by
 * CPI at execution, and no other signature can be supplied then (no ephemeral signers here).
 */
function vaultMessage(
  multisigKey: PublicKey,
  inner: TransactionInstruction[],
): { vault: PublicKey; message: TransactionMessage } {
  if (inner.length === 0) throw new Error('no instructions for the vault');
  const vault = multisig.getVaultPda({ multisigPda: multisigKey, index: VAULT_INDEX })[0];
  for (const ix of inner) {
    for (const meta of ix.keys) {
      if (meta.isSigner && !meta.pubkey.equals(vault)) {
        throw new Error(`inner instruction needs a signature from ${meta.pubkey.toBase58()}, not the vault`);
      }
    }
  }
  const message = new TransactionMessage({
    payerKey: vault,
    // Not part of the vault message; the SDK's compiler only needs a value.
    recentBlockhash: PublicKey.default.toBase58(),
    instructions: inner,
  });
  return { vault, message };
}

/** vaultTransactionCreate + proposalCreate for transaction `index` (= the multisig's transactionIndex + 1); `inner` are the instructions the vault runs (payer the vault). */
export function proposeInstructions(input: {
  multisig: string;
  sponsor: string;
  index: bigint;
  inner: TransactionInstruction[];
  memo?: string;
}): TransactionInstruction[] {
  const multisigKey = key(input.multisig, 'multisig');
  const sponsor = key(input.sponsor, 'sponsor');
  const index = transactionIndex(input.index);
  const { message } = vaultMessage(multisigKey, input.inner);
  const create = multisig.instructions.vaultTransactionCreate({
    multisigPda: multisigKey,
    transactionIndex: index,
    creator: sponsor,
    rentPayer: sponsor,
    vaultIndex: VAULT_INDEX,
    ephemeralSigners: 0,
    transactionMessage: message,
    ...(input.memo !== undefined ? { memo: input.memo } : {}),
  });
  const proposal = multisig.instructions.proposalCreate({
    multisigPda: multisigKey,
    creator: sponsor,
    rentPayer: sponsor,
    transactionIndex: index,
    isDraft: false,
  });
  return [create, proposal];
}

/** proposalApprove by `member` (a signer with Vote) for transaction `index`. */
export function approveInstruction(input: {
  multisig: string;
  index: bigint;
  member: string;
  memo?: string;
}): TransactionInstruction {
  return multisig.instructions.proposalApprove({
    multisigPda: key(input.multisig, 'multisig'),
    transactionIndex: transactionIndex(input.index),
    member: key(input.member, 'member'),
    ...(input.memo !== undefined ? { memo: input.memo } : {}),
  });
}

/**
 * The remaining accounts vaultTransactionExecute needs, from the compiled vault message: first the
 * address lookup tables (none here), then the message's static account keys in order, writable as the
 * message header says, never signers (the vault signs by CPI) — the SDK's `accountsForTransactionExecute`
 * rule, without reading the VaultTransaction account from chain.
 */
function executeRemainingAccounts(multisigKey: PublicKey, inner: TransactionInstruction[]): AccountMeta[] {
  const { vault, message: vaultTx } = vaultMessage(multisigKey, inner);
  // The bytes vaultTransactionCreate stores, compiled by the SDK as in proposeInstructions.
  const bytes = multisig.utils.transactionMessageToMultisigTransactionMessageBytes({
    message: vaultTx,
    vaultPda: vault,
  });
  const [message] = multisig.types.transactionMessageBeet.deserialize(Buffer.from(bytes));
  if (message.addressTableLookups.length !== 0) throw new Error('unexpected address lookup tables');
  return message.accountKeys.map((pubkey, i) => ({
    pubkey,
    isWritable:
      i < message.numWritableSigners ||
      (i >= message.numSigners && i - message.numSigners < message.numWritableNonSigners),
    isSigner: i < message.numSigners && !pubkey.equals(vault),
  }));
}

/** vaultTransactionExecute with its remaining accounts computed from the same inner instructions (no chain read). */
export function executeInstruction(input: {
  multisig: string;
  index: bigint;
  member: string;
  inner: TransactionInstruction[];
}): TransactionInstruction {
  const multisigKey = key(input.multisig, 'multisig');
  const index = transactionIndex(input.index);
  return multisig.generated.createVaultTransactionExecuteInstruction({
    multisig: multisigKey,
    proposal: multisig.getProposalPda({ multisigPda: multisigKey, transactionIndex: index })[0],
    transaction: multisig.getTransactionPda({ multisigPda: multisigKey, index })[0],
    member: key(input.member, 'member'),
    anchorRemainingAccounts: executeRemainingAccounts(multisigKey, input.inner),
  });
}

function checkDiscriminator(data: Uint8Array, discriminator: number[], what: string): Buffer {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(Buffer.from(discriminator))) {
    throw new Error(`not a Squads ${what} account`);
  }
  return buf;
}

function toBigInt(value: { toString(): string } | number): bigint {
  return BigInt(value.toString());
}

/** Reads a Multisig account's data (members with permissions, threshold, transactionIndex, staleTransactionIndex) — via the SDK's generated account class. */
export function decodeMultisig(data: Buffer | Uint8Array): {
  members: SquadsMember[];
  threshold: number;
  transactionIndex: bigint;
  staleTransactionIndex: bigint;
  createKey: string;
  rentCollector: string | null;
  configAuthority: string;
} {
  const buf = checkDiscriminator(data, multisig.accounts.multisigDiscriminator, 'Multisig');
  const [account] = multisig.accounts.Multisig.deserialize(buf);
  return {
    members: account.members.map((m) => ({ key: m.key.toBase58(), permissions: m.permissions.mask })),
    threshold: account.threshold,
    transactionIndex: toBigInt(account.transactionIndex),
    staleTransactionIndex: toBigInt(account.staleTransactionIndex),
    createKey: account.createKey.toBase58(),
    rentCollector: account.rentCollector ? account.rentCollector.toBase58() : null,
    configAuthority: account.configAuthority.toBase58(),
  };
}

/** Reads a Proposal account: status kind ('Draft'|'Active'|'Rejected'|'Approved'|'Executing'|'Executed'|'Cancelled'), approved and rejected member keys, transactionIndex. */
export function decodeProposal(data: Buffer | Uint8Array): {
  status: string;
  approved: string[];
  rejected: string[];
  cancelled: string[];
  transactionIndex: bigint;
} {
  const buf = checkDiscriminator(data, multisig.accounts.proposalDiscriminator, 'Proposal');
  const [account] = multisig.accounts.Proposal.deserialize(buf);
  return {
    status: account.status.__kind,
    approved: account.approved.map((k) => k.toBase58()),
    rejected: account.rejected.map((k) => k.toBase58()),
    cancelled: account.cancelled.map((k) => k.toBase58()),
    transactionIndex: toBigInt(account.transactionIndex),
  };
}

export function decodeProgramConfig(data: Buffer | Uint8Array): {
  treasury: string;
  multisigCreationFee: bigint;
  authority: string;
} {
  const buf = checkDiscriminator(data, multisig.accounts.programConfigDiscriminator, 'ProgramConfig');
  const [account] = multisig.accounts.ProgramConfig.deserialize(buf);
  return {
    treasury: account.treasury.toBase58(),
    multisigCreationFee: toBigInt(account.multisigCreationFee),
    authority: account.authority.toBase58(),
  };
}

const DISCRIMINATOR_SUFFIX = 'InstructionDiscriminator';
let instructionNames: Map<string, string> | undefined;

/** discriminator (hex) → instruction name, from the SDK's generated `<name>InstructionDiscriminator` constants. */
function instructionNameTable(): Map<string, string> {
  if (instructionNames) return instructionNames;
  const table = new Map<string, string>();
  for (const [name, value] of Object.entries(multisig.generated)) {
    if (!name.endsWith(DISCRIMINATOR_SUFFIX) || !Array.isArray(value) || value.length !== 8) continue;
    table.set(Buffer.from(value as number[]).toString('hex'), name.slice(0, -DISCRIMINATOR_SUFFIX.length));
  }
  instructionNames = table;
  return table;
}

/** Which Squads instruction an instruction is (by its 8-byte Anchor discriminator), e.g. 'proposalApprove'; null for another program or an unknown discriminator. */
export function squadsInstructionName(ix: { programId: PublicKey; data: Buffer }): string | null {
  if (!ix.programId.equals(SQUADS_PROGRAM_ID) || ix.data.length < 8) return null;
  return instructionNameTable().get(Buffer.from(ix.data.subarray(0, 8)).toString('hex')) ?? null;
}
