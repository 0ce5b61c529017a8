// squads.ts against independent references: every instruction it builds (with the Squads SDK) is decoded
// by Anchor's BorshCoder loaded with the program's IDL json, its accounts are checked against the IDL's
// account order and flags, the vault message bytes are read by our own reader (squads-test-kit), the
// PDAs are derived here from their seeds, and the account readers read data Anchor encoded.
import { createHash } from 'node:crypto';
import { BN } from '@coral-xyz/anchor';
import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import * as multisig from '@sqds/multisig';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  type AccountMeta,
  type Connection,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  approveInstruction,
  createMultisigInstruction,
  decodeMultisig,
  decodeProgramConfig,
  decodeProposal,
  executeInstruction,
  multisigPda,
  programConfigPda,
  proposalPda,
  proposeInstructions,
  squadsInstructionName,
  squadsMembers,
  SquadsPermission,
  SQUADS_PROGRAM_ID,
  transactionPda,
  vaultPda,
} from './squads';
import { idlAccounts, readVaultMessage, squadsCoder, SOL, type VaultMessage } from './squads-test-kit';

const { idl, coder } = squadsCoder();

const keyOf = (seed: number) =>
  Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i) % 256));
const signers = [keyOf(1), keyOf(2), keyOf(3)].map((k) => k.publicKey.toBase58());
const sponsor = keyOf(4).publicKey.toBase58();
const createKey = keyOf(5).publicKey.toBase58();
const treasury = keyOf(6).publicKey.toBase58();
const recipient = keyOf(7).publicKey;

// ---- independent PDA derivations (seeds as the program spells them: SEED_PREFIX "multisig" first) ----
const PROGRAM = new PublicKey(idl.metadata.address);
const utf8 = (s: string) => Buffer.from(s, 'utf8');
const u64le = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const pda = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, PROGRAM)[0];
const ownProgramConfig = () => pda([utf8('multisig'), utf8('program_config')]);
const ownMultisig = (ck: string) => pda([utf8('multisig'), utf8('multisig'), new PublicKey(ck).toBuffer()]);
const ownVault = (ms: PublicKey, i: number) =>
  pda([utf8('multisig'), ms.toBuffer(), utf8('vault'), Buffer.from([i])]);
const ownTransaction = (ms: PublicKey, i: bigint) =>
  pda([utf8('multisig'), ms.toBuffer(), utf8('transaction'), u64le(i)]);
const ownProposal = (ms: PublicKey, i: bigint) =>
  pda([utf8('multisig'), ms.toBuffer(), utf8('transaction'), u64le(i), utf8('proposal')]);

const ms = ownMultisig(createKey);
const vault = ownVault(ms, 0);

interface Decoded {
  name: string;
  data: Record<string, unknown>;
}

/** Decodes with Anchor and checks Anchor re-encodes the same bytes (no trailing or missing bytes). */
function decode(ix: TransactionInstruction): Decoded {
  expect(ix.programId.toBase58()).toBe(idl.metadata.address);
  const decoded = coder.instruction.decode(ix.data) as Decoded | null;
  if (!decoded) throw new Error('Anchor does not know this instruction');
  expect(coder.instruction.encode(decoded.name, decoded.data).equals(ix.data)).toBe(true);
  return decoded;
}

/** The instruction's accounts are the IDL's, in its order, with its flags, holding the expected keys. */
function expectAccounts(
  ix: TransactionInstruction,
  name: string,
  expected: Record<string, PublicKey>,
): AccountMeta[] {
  const items = idlAccounts(name);
  expect(Object.keys(expected).sort()).toEqual(items.map((a) => a.name).sort());
  expect(ix.keys.length).toBeGreaterThanOrEqual(items.length);
  items.forEach((item, i) => {
    const meta = ix.keys[i]!;
    expect({
      name: item.name,
      key: meta.pubkey.toBase58(),
      signer: meta.isSigner,
      writable: meta.isWritable,
    }).toEqual({
      name: item.name,
      key: expected[item.name]!.toBase58(),
      signer: item.isSigner,
      writable: item.isMut,
    });
  });
  return ix.keys.slice(items.length);
}

const args = (d: Decoded) => d.data.args as Record<string, unknown>;
const b58 = (k: unknown) => (k as PublicKey).toBase58();

const solTransfer = () => [
  SystemProgram.transfer({ fromPubkey: vault, toPubkey: recipient, lamports: SOL / 4n }),
];

const mint = keyOf(8).publicKey;
const vaultAta = getAssociatedTokenAddressSync(mint, vault, true);
const recipientAta = getAssociatedTokenAddressSync(mint, recipient, true);
const splTransfer = () => [
  createTransferCheckedInstruction(vaultAta, mint, recipientAta, vault, 1_234_567n, 6),
];

function vaultMessageOf(propose: TransactionInstruction[]): VaultMessage {
  const bytes = args(decode(propose[0]!)).transactionMessage as Buffer;
  return readVaultMessage(bytes);
}

describe('Squads v4 PDAs', () => {
  it('match derivations from the program seeds', () => {
    expect(programConfigPda().toBase58()).toBe(ownProgramConfig().toBase58());
    expect(multisigPda(createKey).toBase58()).toBe(ms.toBase58());
    expect(vaultPda(ms.toBase58()).toBase58()).toBe(vault.toBase58());
    expect(vaultPda(ms.toBase58(), 3).toBase58()).toBe(ownVault(ms, 3).toBase58());
    // 258 = 0x0102 and 2^40 + 7 catch a wrong byte order or width of the u64 seed.
    for (const index of [1n, 2n, 258n, (1n << 40n) + 7n]) {
      expect(transactionPda(ms.toBase58(), index).toBase58()).toBe(ownTransaction(ms, index).toBase58());
      expect(proposalPda(ms.toBase58(), index).toBase58()).toBe(ownProposal(ms, index).toBase58());
      // and the SDK agrees (the instruction builders below use it)
      expect(multisig.getProposalPda({ multisigPda: ms, transactionIndex: index })[0].toBase58()).toBe(
        ownProposal(ms, index).toBase58(),
      );
    }
    expect(SQUADS_PROGRAM_ID.toBase58()).toBe('SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf');
    expect(SQUADS_PROGRAM_ID.toBase58()).toBe(idl.metadata.address);
  });

  it('refuses indexes the program cannot hold', () => {
    expect(() => transactionPda(ms.toBase58(), 0n)).toThrow();
    expect(() => proposalPda(ms.toBase58(), 1n << 64n)).toThrow();
    expect(() => vaultPda(ms.toBase58(), 256)).toThrow();
  });
});

describe('squadsMembers', () => {
  it('gives signers Vote and the sponsor Initiate | Execute', () => {
    expect(squadsMembers(signers, sponsor)).toEqual([
      ...signers.map((key) => ({ key, permissions: 2 })),
      { key: sponsor, permissions: 5 },
    ]);
    expect(SquadsPermission).toEqual({ Initiate: 1, Vote: 2, Execute: 4 });
  });

  it('refuses duplicates and the sponsor as a signer', () => {
    expect(() => squadsMembers([signers[0]!, signers[1]!, signers[0]!], sponsor)).toThrow('duplicate member');
    expect(() => squadsMembers([signers[0]!, sponsor], sponsor)).toThrow('sponsor is a signer');
    expect(() => squadsMembers(['not a key'], sponsor)).toThrow();
  });
});

describe('multisigCreateV2', () => {
  const ix = createMultisigInstruction({
    createKey,
    creator: sponsor,
    treasury,
    signers,
    threshold: 2,
    sponsor,
  });

  it('carries the Keystead members, threshold and settings', () => {
    const decoded = decode(ix);
    expect(decoded.name).toBe('multisigCreateV2');
    const a = args(decoded);
    expect(a.configAuthority).toBeNull();
    expect(a.threshold).toBe(2);
    expect(a.timeLock).toBe(0);
    expect(b58(a.rentCollector)).toBe(sponsor);
    expect(a.memo).toBeNull();
    const members = (a.members as { key: PublicKey; permissions: { mask: number } }[]).map((m) => ({
      key: m.key.toBase58(),
      mask: m.permissions.mask,
    }));
    expect(members).toEqual([
      { key: signers[0], mask: 2 },
      { key: signers[1], mask: 2 },
      { key: signers[2], mask: 2 },
      { key: sponsor, mask: 5 },
    ]);
    expect(squadsInstructionName(ix)).toBe('multisigCreateV2');
  });

  it('has the IDL accounts: program config, treasury, multisig, create key and sponsor signing', () => {
    const rest = expectAccounts(ix, 'multisigCreateV2', {
      programConfig: ownProgramConfig(),
      treasury: new PublicKey(treasury),
      multisig: ms,
      createKey: new PublicKey(createKey),
      creator: new PublicKey(sponsor),
      systemProgram: SystemProgram.programId,
    });
    expect(rest).toEqual([]);
  });

  it('makes the sponsor the rent collector whoever the creator is', () => {
    const payer = keyOf(10).publicKey;
    const other = createMultisigInstruction({
      createKey,
      creator: payer.toBase58(),
      treasury,
      signers,
      threshold: 3,
      sponsor,
    });
    expect(b58(args(decode(other)).rentCollector)).toBe(sponsor);
    expect(args(decode(other)).threshold).toBe(3);
    expect(other.keys[4]!.pubkey.equals(payer)).toBe(true);
  });

  it('refuses a threshold the voters cannot reach', () => {
    const base = { createKey, creator: sponsor, treasury, signers, sponsor };
    expect(() => createMultisigInstruction({ ...base, threshold: 0 })).toThrow();
    expect(() => createMultisigInstruction({ ...base, threshold: 4 })).toThrow();
    expect(() => createMultisigInstruction({ ...base, threshold: 1.5 })).toThrow();
  });
});

describe('vaultTransactionCreate + proposalCreate', () => {
  const index = 7n;

  it('SOL transfer: the sponsor creates both, the vault pays and is the one writable signer', () => {
    const ixs = proposeInstructions({ multisig: ms.toBase58(), sponsor, index, inner: solTransfer() });
    expect(ixs).toHaveLength(2);
    const [create, proposal] = ixs as [TransactionInstruction, TransactionInstruction];

    const c = decode(create);
    expect(c.name).toBe('vaultTransactionCreate');
    expect(args(c).vaultIndex).toBe(0);
    expect(args(c).ephemeralSigners).toBe(0);
    expect(args(c).memo).toBeNull();
    expect(
      expectAccounts(create, 'vaultTransactionCreate', {
        multisig: ms,
        transaction: ownTransaction(ms, index),
        creator: new PublicKey(sponsor),
        rentPayer: new PublicKey(sponsor),
        systemProgram: SystemProgram.programId,
      }),
    ).toEqual([]);

    const message = vaultMessageOf(ixs);
    expect(message.numSigners).toBe(1);
    expect(message.numWritableSigners).toBe(1);
    expect(message.numWritableNonSigners).toBe(1);
    expect(message.accountKeys.map((k) => k.toBase58())).toEqual([
      vault.toBase58(),
      recipient.toBase58(),
      SystemProgram.programId.toBase58(),
    ]);
    expect(message.addressTableLookups).toEqual([]);
    expect(message.instructions).toHaveLength(1);
    const transfer = message.instructions[0]!;
    expect(message.accountKeys[transfer.programIdIndex]!.equals(SystemProgram.programId)).toBe(true);
    expect(transfer.accountIndexes.map((i) => message.accountKeys[i]!.toBase58())).toEqual([
      vault.toBase58(),
      recipient.toBase58(),
    ]);
    // System program Transfer: u32 LE instruction 2, u64 LE lamports
    const data = Buffer.alloc(12);
    data.writeUInt32LE(2, 0);
    data.writeBigUInt64LE(SOL / 4n, 4);
    expect(transfer.data.toString('hex')).toBe(data.toString('hex'));

    const p = decode(proposal);
    expect(p.name).toBe('proposalCreate');
    expect((args(p).transactionIndex as BN).toString()).toBe(index.toString());
    expect(args(p).draft).toBe(false);
    expect(
      expectAccounts(proposal, 'proposalCreate', {
        multisig: ms,
        proposal: ownProposal(ms, index),
        creator: new PublicKey(sponsor),
        rentPayer: new PublicKey(sponsor),
        systemProgram: SystemProgram.programId,
      }),
    ).toEqual([]);

    expect(ixs.map((ix) => squadsInstructionName(ix))).toEqual(['vaultTransactionCreate', 'proposalCreate']);
  });

  it('SPL transferChecked from the vault ATA: the vault signs as the token owner, nothing else signs', () => {
    const ixs = proposeInstructions({
      multisig: ms.toBase58(),
      sponsor,
      index,
      inner: splTransfer(),
      memo: 'keystead:42',
    });
    expect(args(decode(ixs[0]!)).memo).toBe('keystead:42');
    const message = vaultMessageOf(ixs);
    expect(message.numSigners).toBe(1);
    expect(message.numWritableSigners).toBe(1);
    expect(message.accountKeys[0]!.equals(vault)).toBe(true);
    const keys = message.accountKeys.map((k) => k.toBase58());
    expect(new Set(keys).size).toBe(keys.length);
    const writable = (i: number) =>
      i < message.numWritableSigners ||
      (i >= message.numSigners && i - message.numSigners < message.numWritableNonSigners);
    expect(keys.filter((_, i) => writable(i)).sort()).toEqual(
      [vault, vaultAta, recipientAta].map((k) => k.toBase58()).sort(),
    );
    expect(keys.filter((_, i) => !writable(i)).sort()).toEqual(
      [mint, TOKEN_PROGRAM_ID].map((k) => k.toBase58()).sort(),
    );
    const [transfer] = message.instructions;
    expect(message.instructions).toHaveLength(1);
    expect(keys[transfer!.programIdIndex]).toBe(TOKEN_PROGRAM_ID.toBase58());
    expect(transfer!.accountIndexes.map((i) => keys[i])).toEqual(
      [vaultAta, mint, recipientAta, vault].map((k) => k.toBase58()),
    );
    // SPL Token TransferChecked: u8 12, u64 LE amount, u8 decimals
    const data = Buffer.alloc(10);
    data.writeUInt8(12, 0);
    data.writeBigUInt64LE(1_234_567n, 1);
    data.writeUInt8(6, 9);
    expect(transfer!.data.toString('hex')).toBe(data.toString('hex'));
  });

  it('refuses inner instructions another key must sign, and an empty vault transaction', () => {
    const other = keyOf(9).publicKey;
    const inner = [SystemProgram.transfer({ fromPubkey: other, toPubkey: recipient, lamports: 1n })];
    expect(() => proposeInstructions({ multisig: ms.toBase58(), sponsor, index, inner })).toThrow(
      /signature/,
    );
    expect(() => proposeInstructions({ multisig: ms.toBase58(), sponsor, index, inner: [] })).toThrow();
    expect(() => executeInstruction({ multisig: ms.toBase58(), member: sponsor, index, inner })).toThrow();
  });
});

describe('proposalApprove', () => {
  it('is the member approving the proposal of that index, nothing more', () => {
    const member = signers[1]!;
    const ix = approveInstruction({ multisig: ms.toBase58(), index: 258n, member });
    const d = decode(ix);
    expect(d.name).toBe('proposalApprove');
    expect(args(d)).toEqual({ memo: null });
    expect(
      expectAccounts(ix, 'proposalApprove', {
        multisig: ms,
        member: new PublicKey(member),
        proposal: ownProposal(ms, 258n),
      }),
    ).toEqual([]);
    expect(squadsInstructionName(ix)).toBe('proposalApprove');
    expect(
      args(decode(approveInstruction({ multisig: ms.toBase58(), index: 1n, member, memo: 'ok' }))),
    ).toEqual({
      memo: 'ok',
    });
  });
});

describe('vaultTransactionExecute', () => {
  const index = 3n;

  /**
   * What the SDK's own `vaultTransactionExecute` does: read the VaultTransaction account and give its
   * message to `utils.accountsForTransactionExecute`. Here the account data is encoded by Anchor's
   * BorshCoder from the message our reader took out of vaultTransactionCreate (as the program stores it),
   * read back with the SDK's `accounts.VaultTransaction`, and fed to the SDK function; with no address
   * lookup tables it never touches its connection.
   */
  async function sdkRemainingAccounts(inner: TransactionInstruction[]): Promise<AccountMeta[]> {
    const message = vaultMessageOf(proposeInstructions({ multisig: ms.toBase58(), sponsor, index, inner }));
    const [transaction, bump] = PublicKey.findProgramAddressSync(
      [utf8('multisig'), ms.toBuffer(), utf8('transaction'), u64le(index)],
      PROGRAM,
    );
    const vaultBump = PublicKey.findProgramAddressSync(
      [utf8('multisig'), ms.toBuffer(), utf8('vault'), Buffer.from([0])],
      PROGRAM,
    )[1];
    const data = await coder.accounts.encode('VaultTransaction', {
      multisig: ms,
      creator: new PublicKey(sponsor),
      index: new BN(index.toString()),
      bump,
      vaultIndex: 0,
      vaultBump,
      ephemeralSignerBumps: Buffer.alloc(0),
      message: {
        numSigners: message.numSigners,
        numWritableSigners: message.numWritableSigners,
        numWritableNonSigners: message.numWritableNonSigners,
        accountKeys: message.accountKeys,
        instructions: message.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accountIndexes: Buffer.from(ix.accountIndexes),
          data: ix.data,
        })),
        addressTableLookups: [],
      },
    });
    const [account] = multisig.accounts.VaultTransaction.deserialize(data);
    expect(account.vaultIndex).toBe(0);
    const { accountMetas } = await multisig.utils.accountsForTransactionExecute({
      connection: undefined as unknown as Connection,
      message: account.message,
      ephemeralSignerBumps: [...account.ephemeralSignerBumps],
      vaultPda: vault,
      transactionPda: transaction,
    });
    return accountMetas;
  }

  const metas = (list: AccountMeta[]) =>
    list.map((m) => ({ key: m.pubkey.toBase58(), signer: m.isSigner, writable: m.isWritable }));

  it('SOL transfer: the sponsor executes; remaining accounts are the message keys, none signing', async () => {
    const inner = solTransfer();
    const ix = executeInstruction({ multisig: ms.toBase58(), index, member: sponsor, inner });
    const d = decode(ix);
    expect(d.name).toBe('vaultTransactionExecute');
    expect(ix.data).toHaveLength(8);
    const rest = expectAccounts(ix, 'vaultTransactionExecute', {
      multisig: ms,
      proposal: ownProposal(ms, index),
      transaction: ownTransaction(ms, index),
      member: new PublicKey(sponsor),
    });
    // The program's rule (independent of the SDK): lookup tables first (none), then the message's
    // static keys in order, writable as its header says; the vault PDA signs by CPI, not here.
    expect(metas(rest)).toEqual([
      { key: vault.toBase58(), signer: false, writable: true },
      { key: recipient.toBase58(), signer: false, writable: true },
      { key: SystemProgram.programId.toBase58(), signer: false, writable: false },
    ]);
    expect(metas(rest)).toEqual(metas(await sdkRemainingAccounts(inner)));
    expect(squadsInstructionName(ix)).toBe('vaultTransactionExecute');
  });

  it('a message with read-only keys only (a memo the vault signs): they stay read-only', async () => {
    const memoProgram = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
    const inner = [
      new TransactionInstruction({
        programId: memoProgram,
        keys: [{ pubkey: vault, isSigner: true, isWritable: false }],
        data: Buffer.from('keystead'),
      }),
    ];
    const ix = executeInstruction({ multisig: ms.toBase58(), index, member: sponsor, inner });
    const rest = ix.keys.slice(idlAccounts('vaultTransactionExecute').length);
    expect(metas(rest)).toEqual([
      { key: vault.toBase58(), signer: false, writable: true },
      { key: memoProgram.toBase58(), signer: false, writable: false },
    ]);
    expect(metas(rest)).toEqual(metas(await sdkRemainingAccounts(inner)));
  });

  it('SPL transferChecked: remaining accounts equal the SDK computation from the stored message', async () => {
    const inner = splTransfer();
    const ix = executeInstruction({ multisig: ms.toBase58(), index, member: sponsor, inner });
    const rest = ix.keys.slice(idlAccounts('vaultTransactionExecute').length);
    const message = vaultMessageOf(proposeInstructions({ multisig: ms.toBase58(), sponsor, index, inner }));
    expect(rest.map((m) => m.pubkey.toBase58())).toEqual(message.accountKeys.map((k) => k.toBase58()));
    expect(rest.every((m) => !m.isSigner)).toBe(true);
    expect(metas(rest)).toEqual(metas(await sdkRemainingAccounts(inner)));
  });
});

describe('account readers', () => {
  it('decodeMultisig reads what Anchor encodes', async () => {
    const members = squadsMembers(signers, sponsor).map((m) => ({
      key: new PublicKey(m.key),
      permissions: { mask: m.permissions },
    }));
    const big = (1n << 60n) + 3n;
    const data = await coder.accounts.encode('Multisig', {
      createKey: new PublicKey(createKey),
      configAuthority: PublicKey.default,
      threshold: 2,
      timeLock: 0,
      transactionIndex: new BN(big.toString()),
      staleTransactionIndex: new BN(2),
      rentCollector: new PublicKey(sponsor),
      bump: 254,
      members,
    });
    expect(decodeMultisig(data)).toEqual({
      members: squadsMembers(signers, sponsor),
      threshold: 2,
      transactionIndex: big,
      staleTransactionIndex: 2n,
      createKey,
      rentCollector: sponsor,
      configAuthority: PublicKey.default.toBase58(),
    });
    const noCollector = await coder.accounts.encode('Multisig', {
      createKey: new PublicKey(createKey),
      configAuthority: new PublicKey(treasury),
      threshold: 1,
      timeLock: 60,
      transactionIndex: new BN(0),
      staleTransactionIndex: new BN(0),
      rentCollector: null,
      bump: 1,
      members: members.slice(0, 1),
    });
    const read = decodeMultisig(new Uint8Array(noCollector));
    expect(read.rentCollector).toBeNull();
    expect(read.configAuthority).toBe(treasury);
    expect(read.members).toEqual([{ key: signers[0], permissions: 2 }]);
  });

  it('decodeProposal reads every status and the vote lists', async () => {
    const variants = ['Draft', 'Active', 'Rejected', 'Approved', 'Executing', 'Executed', 'Cancelled'];
    for (const [i, kind] of variants.entries()) {
      const variant = kind.charAt(0).toLowerCase() + kind.slice(1);
      const data = await coder.accounts.encode('Proposal', {
        multisig: ms,
        transactionIndex: new BN(258 + i),
        status: { [variant]: kind === 'Executing' ? {} : { timestamp: new BN(1_700_000_000 + i) } },
        bump: 255,
        approved: [new PublicKey(signers[0]!), new PublicKey(signers[2]!)],
        rejected: [new PublicKey(signers[1]!)],
        cancelled: i === 6 ? [new PublicKey(signers[0]!)] : [],
      });
      expect(decodeProposal(data)).toEqual({
        status: kind,
        approved: [signers[0], signers[2]],
        rejected: [signers[1]],
        cancelled: i === 6 ? [signers[0]] : [],
        transactionIndex: BigInt(258 + i),
      });
    }
  });

  it('decodeProgramConfig reads what Anchor encodes', async () => {
    const data = await coder.accounts.encode('ProgramConfig', {
      authority: new PublicKey(sponsor),
      multisigCreationFee: new BN('1500000000'),
      treasury: new PublicKey(treasury),
      reserved: Array.from({ length: 64 }, () => 0),
    });
    expect(decodeProgramConfig(data)).toEqual({
      authority: sponsor,
      multisigCreationFee: 1_500_000_000n,
      treasury,
    });
  });

  it('refuses another account type', async () => {
    const config = await coder.accounts.encode('ProgramConfig', {
      authority: new PublicKey(sponsor),
      multisigCreationFee: new BN(0),
      treasury: new PublicKey(treasury),
      reserved: Array.from({ length: 64 }, () => 0),
    });
    expect(() => decodeMultisig(config)).toThrow();
    expect(() => decodeProposal(config)).toThrow();
    expect(() => decodeProgramConfig(Buffer.alloc(4))).toThrow();
  });
});

describe('squadsInstructionName', () => {
  it('names by discriminator, as Anchor does, and nothing else', () => {
    const approve = approveInstruction({ multisig: ms.toBase58(), index: 1n, member: signers[0]! });
    expect(squadsInstructionName(approve)).toBe(decode(approve).name);
    // another program with the same data
    expect(squadsInstructionName({ programId: SystemProgram.programId, data: approve.data })).toBeNull();
    const tampered = Buffer.from(approve.data);
    tampered[0] = tampered[0]! ^ 1;
    expect(squadsInstructionName({ programId: SQUADS_PROGRAM_ID, data: tampered })).toBeNull();
    expect(squadsInstructionName({ programId: SQUADS_PROGRAM_ID, data: Buffer.alloc(3) })).toBeNull();
    // every IDL instruction is named as the IDL names it; Anchor's discriminator computed here:
    // sha256("global:<snake_case name>")[0..8]
    expect(idl.instructions.length).toBeGreaterThan(30);
    for (const ix of idl.instructions) {
      const snake = ix.name.replace(/([A-Z])/g, '_$1').toLowerCase();
      const data = createHash('sha256').update(`global:${snake}`).digest().subarray(0, 8);
      expect(squadsInstructionName({ programId: SQUADS_PROGRAM_ID, data })).toBe(ix.name);
    }
  });
});
