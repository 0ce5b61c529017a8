import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import {
  createApproveInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import * as sqds from '@sqds/multisig';
import { describe, expect, it } from 'vitest';
import { approvalMessage, type SquadsTransfer } from '@keystead/chains/solana/flow';
import { approveInstruction, vaultPda } from '@keystead/chains/solana/squads';
import { approvalRefusal, assertApproval, checkApproval } from './solana-approval-check';
import { readVaultTransactionCreate } from './squads-vault-message';

const address = () => Keypair.generate().publicKey.toBase58();
const BLOCKHASH = new PublicKey(new Uint8Array(32).fill(5)).toBase58();
const wire = (message: ReturnType<TransactionMessage['compileToV0Message']>) =>
  Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');

describe("the page's check of a server-built Solana approval (built here by the server's own code)", () => {
  const multisig = address();
  const feePayer = address();
  const member = address();
  const transfer: SquadsTransfer = {
    multisig,
    microLamportsPerCu: '1000',
    plan: {
      vault: vaultPda(multisig).toBase58(),
      to: address(),
      amount: '1000000',
      mint: null,
      decimals: 9,
      source: null,
      destination: null,
      createsAccount: false,
      accountRent: '0',
    },
  };
  const built = (index: bigint, proposes: boolean, who = member) =>
    wire(approvalMessage(transfer, { feePayer, member: who, index, proposes, blockhash: BLOCKHASH }));
  const sent = { to: transfer.plan.to, amount: '0.001', mint: null };
  const expected = { multisig, feePayer, signer: member, index: '7', transfer: sent };

  it('passes the first approval (vault transaction, proposal, vote) and a later vote, for the index shown', async () => {
    expect(await checkApproval(built(7n, true), expected)).toEqual({
      refusal: null,
      transfer: { to: sent.to, destination: sent.to, mint: null, amount: '0.001' },
    });
    expect(await checkApproval(built(7n, false), expected)).toEqual({ refusal: null, transfer: null });
  });

  it('refuses another index, another multisig, another fee payer, another signer', async () => {
    expect(await approvalRefusal(built(8n, false), expected)).toMatch(/proposal of transaction #7/);
    expect(await approvalRefusal(built(7n, false), { ...expected, multisig: address() })).toMatch(
      /Squads instruction on/,
    );
    expect(await approvalRefusal(built(7n, false), { ...expected, feePayer: address() })).toMatch(
      /not the fee payer/,
    );
    expect(await approvalRefusal(built(7n, false, address()), expected)).toMatch(/does not sign it/);
  });

  it("refuses a proposing approval without the task's transfer to check its vault transaction against", async () => {
    expect(await approvalRefusal(built(7n, true), { ...expected, transfer: undefined })).toMatch(
      /no transfer to check/,
    );
  });

  it("refuses anything but Squads on this multisig: a transfer out of the signer's own account", async () => {
    const drain = new TransactionMessage({
      payerKey: new PublicKey(feePayer),
      recentBlockhash: BLOCKHASH,
      instructions: [
        approveInstruction({ multisig, index: 7n, member }),
        SystemProgram.transfer({
          fromPubkey: new PublicKey(member),
          toPubkey: new PublicKey(feePayer),
          lamports: 1,
        }),
      ],
    }).compileToV0Message();
    const refusal = await approvalRefusal(wire(drain), expected);
    expect(refusal).toBe(`it calls ${SystemProgram.programId.toBase58()}`);
    await expect(assertApproval(wire(drain), expected)).rejects.toMatchObject({
      code: 'transaction_mismatch',
    });
    expect(await approvalRefusal('not base64 of a transaction', expected)).toBe('not a transaction');
  });
});

describe("the vault transaction of a proposing approval (built here with the Squads SDK, not the server's code)", () => {
  const multisigPda = Keypair.generate().publicKey;
  const multisig = multisigPda.toBase58();
  const feePayer = Keypair.generate().publicKey;
  const member = address();
  const vault = sqds.getVaultPda({ multisigPda, index: 0 })[0];
  const to = Keypair.generate().publicKey;
  const mint = Keypair.generate().publicKey;
  const vaultTokens = getAssociatedTokenAddressSync(mint, vault, true);
  const toTokens = getAssociatedTokenAddressSync(mint, to);

  /** What a (possibly compromised) server could ask the signer to sign: propose `inner`, then approve. */
  const proposing = (
    inner: TransactionInstruction[],
    options: { vaultIndex?: number; memo?: string; index?: bigint } = {},
  ) => {
    const transactionIndex = options.index ?? 7n;
    const vaultIndex = options.vaultIndex ?? 0;
    const payerKey = sqds.getVaultPda({ multisigPda, index: vaultIndex })[0];
    const create = sqds.instructions.vaultTransactionCreate({
      multisigPda,
      transactionIndex,
      creator: feePayer,
      rentPayer: feePayer,
      vaultIndex,
      ephemeralSigners: 0,
      transactionMessage: new TransactionMessage({
        payerKey,
        recentBlockhash: BLOCKHASH,
        instructions: inner,
      }),
      ...(options.memo !== undefined ? { memo: options.memo } : {}),
    });
    const propose = sqds.instructions.proposalCreate({
      multisigPda,
      creator: feePayer,
      rentPayer: feePayer,
      transactionIndex,
    });
    const approve = sqds.instructions.proposalApprove({
      multisigPda,
      transactionIndex,
      member: new PublicKey(member),
    });
    const message = new TransactionMessage({
      payerKey: feePayer,
      recentBlockhash: BLOCKHASH,
      instructions: [
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
        create,
        propose,
        approve,
      ],
    }).compileToV0Message();
    return { wire: wire(message), create };
  };
  const approval = (inner: TransactionInstruction[], options?: Parameters<typeof proposing>[1]) =>
    proposing(inner, options).wire;
  const base = { multisig, feePayer: feePayer.toBase58(), signer: member, index: '7' };
  const sol = { ...base, transfer: { to: to.toBase58(), amount: '1.5', mint: null } };
  const spl = {
    ...base,
    transfer: { to: to.toBase58(), amount: '2.5', mint: mint.toBase58().toLowerCase() },
  };
  const lamports = (from: PublicKey, toKey: PublicKey, amount: bigint) =>
    SystemProgram.transfer({ fromPubkey: from, toPubkey: toKey, lamports: amount });
  const sendSol = lamports(vault, to, 1_500_000_000n);
  const tokens = (destination: PublicKey, amount: bigint, decimals = 6) =>
    createTransferCheckedInstruction(vaultTokens, mint, destination, vault, amount, decimals);
  const sendTokens = tokens(toTokens, 2_500_000n);

  it("reads vaultTransactionCreate's args and message as the SDK's own decoder does", () => {
    const { create } = proposing([sendSol], { memo: 'hello' });
    const decoded = readVaultTransactionCreate(create.data);
    const [args] = sqds.generated.vaultTransactionCreateStruct.deserialize(create.data);
    const [message] = sqds.types.transactionMessageBeet.deserialize(
      Buffer.from(args.args.transactionMessage),
    );
    expect(decoded.vaultIndex).toBe(args.args.vaultIndex);
    expect(decoded.memo).toBe('hello');
    expect(decoded.message.accountKeys.map((key) => new PublicKey(key).toBase58())).toEqual(
      message.accountKeys.map((key) => key.toBase58()),
    );
    expect(
      decoded.message.instructions.map((ix) => [ix.programIdIndex, ix.accountIndexes, [...ix.data]]),
    ).toEqual(message.instructions.map((ix) => [ix.programIdIndex, ix.accountIndexes, ix.data]));
    expect(() => readVaultTransactionCreate(Uint8Array.of(...create.data, 0))).toThrow(/trailing/);
    expect(() => readVaultTransactionCreate(create.data.subarray(0, 40))).toThrow(/truncated/);
  });

  it("passes the task's SOL transfer and says what it does", async () => {
    expect(await checkApproval(approval([sendSol]), sol)).toEqual({
      refusal: null,
      transfer: { to: to.toBase58(), destination: to.toBase58(), mint: null, amount: '1.5' },
    });
  });

  it('refuses a SOL transfer elsewhere, of another amount, from elsewhere, or with more in it', async () => {
    const thief = Keypair.generate().publicKey;
    expect(await approvalRefusal(approval([lamports(vault, thief, 1_500_000_000n)]), sol)).toBe(
      `it sends to ${thief.toBase58()}, not ${to.toBase58()}`,
    );
    expect(await approvalRefusal(approval([lamports(vault, to, 15_000_000_000n)]), sol)).toBe(
      'it sends 15, not 1.5',
    );
    expect(await approvalRefusal(approval([lamports(thief, to, 1_500_000_000n)]), sol)).toMatch(
      /sends from .*, not the vault/,
    );
    expect(await approvalRefusal(approval([sendSol, lamports(vault, thief, 1n)]), sol)).toBe(
      'the vault transaction has 2 instructions, not one transfer',
    );
    expect(
      await approvalRefusal(approval([ComputeBudgetProgram.setComputeUnitLimit({ units: 1 }), sendSol]), sol),
    ).toMatch(/2 instructions/);
    expect(await approvalRefusal(approval([sendTokens]), sol)).toMatch(/not a SOL transfer/);
    expect(await approvalRefusal(approval([sendSol], { memo: 'x' }), sol)).toBe(
      'a memo in the vault transaction',
    );
  });

  it('refuses a vault transaction of another vault or another index', async () => {
    const other = sqds.getVaultPda({ multisigPda, index: 1 })[0];
    expect(
      await approvalRefusal(approval([lamports(other, to, 1_500_000_000n)], { vaultIndex: 1 }), sol),
    ).toBe("vault 1, not the wallet's vault 0");
    expect(await approvalRefusal(approval([sendSol], { index: 8n }), sol)).toMatch(/#7/);
  });

  it("passes the task's token transferChecked, to the recipient's associated account or a token account given", async () => {
    expect(await checkApproval(approval([sendTokens]), spl)).toEqual({
      refusal: null,
      transfer: { to: to.toBase58(), destination: toTokens.toBase58(), mint: mint.toBase58(), amount: '2.5' },
    });
    expect((await checkApproval(approval([tokens(to, 2_500_000n)]), spl)).refusal).toBeNull();
  });

  it('refuses tokens elsewhere, another amount or mint, another token program, or an approve beside it', async () => {
    const thief = Keypair.generate().publicKey;
    const thiefTokens = getAssociatedTokenAddressSync(mint, thief);
    expect(await approvalRefusal(approval([tokens(thiefTokens, 2_500_000n)]), spl)).toBe(
      `it sends to ${thiefTokens.toBase58()}, not ${to.toBase58()} or its token account`,
    );
    expect(await approvalRefusal(approval([tokens(toTokens, 25_000_000n)]), spl)).toBe(
      'it sends 25, not 2.5',
    );
    // The same base units read with other decimals are another amount (the Token program refuses wrong decimals).
    expect(await approvalRefusal(approval([tokens(toTokens, 2_500_000n, 5)]), spl)).toBe(
      'it sends 25, not 2.5',
    );
    const otherMint = Keypair.generate().publicKey;
    expect(
      await approvalRefusal(approval([sendTokens]), {
        ...spl,
        transfer: { ...spl.transfer, mint: otherMint.toBase58() },
      }),
    ).toBe(`it sends token ${mint.toBase58()}, not ${otherMint.toBase58()}`);
    const delegate = createApproveInstruction(vaultTokens, thief, vault, 2n ** 64n - 1n);
    expect(await approvalRefusal(approval([sendTokens, delegate]), spl)).toMatch(/2 instructions/);
    expect(await approvalRefusal(approval([delegate]), spl)).toBe(
      'the vault transaction is not one token transferChecked',
    );
    const token2022 = createTransferCheckedInstruction(
      vaultTokens,
      mint,
      toTokens,
      vault,
      2_500_000n,
      6,
      [],
      TOKEN_2022_PROGRAM_ID,
    );
    expect(await approvalRefusal(approval([token2022]), spl)).toMatch(/not the Token program/);
    const fromElsewhere = createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint, thief),
      mint,
      toTokens,
      vault,
      2_500_000n,
      6,
    );
    expect(await approvalRefusal(approval([fromElsewhere]), spl)).toBe(
      'it sends from ' +
        getAssociatedTokenAddressSync(mint, thief).toBase58() +
        ", not the vault's token account",
    );
    expect(await approvalRefusal(approval([sendSol]), spl)).toMatch(/not the Token program/);
  });

  it.each([
    [
      'proposalCancel',
      sqds.instructions.proposalCancel({ multisigPda, transactionIndex: 6n, member: feePayer }),
    ],
    [
      'vaultTransactionExecute',
      sqds.generated.createVaultTransactionExecuteInstruction({
        multisig: multisigPda,
        proposal: sqds.getProposalPda({ multisigPda, transactionIndex: 6n })[0],
        transaction: sqds.getTransactionPda({ multisigPda, index: 6n })[0],
        member: feePayer,
      }),
    ],
  ])('refuses any other Squads instruction in an approval: %s', async (_name, extra) => {
    const message = new TransactionMessage({
      payerKey: feePayer,
      recentBlockhash: BLOCKHASH,
      instructions: [
        sqds.instructions.proposalApprove({
          multisigPda,
          transactionIndex: 7n,
          member: new PublicKey(member),
        }),
        extra,
      ],
    }).compileToV0Message();
    expect(await approvalRefusal(wire(message), sol)).toBe(
      'a Squads instruction other than an approval needs',
    );
  });
});
