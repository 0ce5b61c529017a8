// squads.ts on a real Solana VM (LiteSVM, in-process). The Squads v4 program binary ships in no npm
// package, so the on-chain flow runs only when SQUADS_PROGRAM_SO names the program's .so file; the
// signature check of a member's approval transaction needs no program and always runs.
import { FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import { Vm } from './solana-vm-kit';
import { BN } from '@coral-xyz/anchor';
import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
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
  SQUADS_PROGRAM_ID,
  vaultPda,
} from './squads';
import { idlErrorCode, squadsCoder, SOL, SvmTxError } from './squads-test-kit';

type SvmResult = TransactionMetadata | FailedTransactionMetadata;

function ok(result: SvmResult): TransactionMetadata {
  if (result instanceof FailedTransactionMetadata) {
    throw new Error(`transaction failed: ${result.toString()}\n${result.meta().logs().join('\n')}`);
  }
  return result;
}

function failed(result: SvmResult): FailedTransactionMetadata {
  if (!(result instanceof FailedTransactionMetadata)) throw new Error('transaction succeeded');
  return result;
}

/** A failed transaction's instruction error: which instruction and its custom program error code. */
function instructionError(result: FailedTransactionMetadata): { index: number; code: number | null } {
  const err = result.err();
  if (typeof err !== 'object' || !('err' in err) || typeof err.err !== 'function') {
    throw new Error(`not an instruction error: ${result.toString()}`);
  }
  const inner = err.err();
  return { index: err.index, code: typeof inner === 'object' && 'code' in inner ? inner.code : null };
}

function airdrop(svm: Vm, to: PublicKey, lamports: bigint): void {
  svm.airdrop(to, lamports);
}

/** A legacy transaction paid by `payer`, signed by `signers` (the payer first). */
function signed(
  svm: Vm,
  payer: Keypair,
  ixs: Transaction['instructions'],
  ...others: Keypair[]
): Transaction {
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: svm.latestBlockhash() }).add(
    ...ixs,
  );
  tx.sign(payer, ...others);
  return tx;
}

describe('a member approval transaction on the VM (no program needed)', () => {
  it('is refused for a tampered member signature, and otherwise only for the missing program', () => {
    const svm = new Vm();
    const sponsor = Keypair.generate();
    const member = Keypair.generate();
    airdrop(svm, sponsor.publicKey, SOL);
    const ms = multisigPda(Keypair.generate().publicKey.toBase58());
    const ix = approveInstruction({
      multisig: ms.toBase58(),
      index: 1n,
      member: member.publicKey.toBase58(),
    });
    const tx = signed(svm, sponsor, [ix], member);

    // a real two-signer web3.js transaction: the sponsor pays, the member approves
    expect(tx.signatures.map((s) => s.publicKey.toBase58())).toEqual([
      sponsor.publicKey.toBase58(),
      member.publicKey.toBase58(),
    ]);
    expect(tx.verifySignatures()).toBe(true);
    expect(tx.instructions.map((i) => squadsInstructionName(i))).toEqual(['proposalApprove']);

    // LiteSVM's JS wrapper serializes a legacy Transaction with web3.js signature verification, which would
    // throw before the VM saw it; as a VersionedTransaction (same legacy wire bytes) it reaches the VM,
    // whose own sigverify decides.
    const wire = tx.serialize();
    const tampered = VersionedTransaction.deserialize(wire);
    expect(tampered.version).toBe('legacy');
    const memberSlot = tampered.message.staticAccountKeys.findIndex((k) => k.equals(member.publicKey));
    expect(memberSlot).toBe(1);
    tampered.signatures[memberSlot]![17] = tampered.signatures[memberSlot]![17]! ^ 0x01;
    expect(Transaction.from(tampered.serialize()).verifySignatures()).toBe(false);

    const refused = failed(svm.sendTransaction(tampered));
    expect(refused.err()).toBe(SvmTxError.SignatureFailure);
    expect(refused.toString()).toContain('SignatureFailure');

    // untampered: the signatures pass, the missing Squads program is what fails
    const intact = failed(svm.sendTransaction(VersionedTransaction.deserialize(wire)));
    expect(intact.err()).toBe(SvmTxError.InvalidProgramForExecution);
    expect(intact.toString()).toContain('InvalidProgramForExecution');
  });
});

const programSo = process.env.SQUADS_PROGRAM_SO;
if (!programSo) {
  // eslint-disable-next-line no-console -- the reason the on-chain suite is skipped
  console.info(
    'squads-program.test: SQUADS_PROGRAM_SO not set; the Squads v4 program binary is not available here, so the on-chain flow is not run',
  );
}

describe.skipIf(!programSo)('Squads v4 program on LiteSVM: a 2-of-3 wallet with the fee sponsor', () => {
  let svm: Vm;
  const sponsor = Keypair.generate();
  const signers = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
  const recipient = Keypair.generate().publicKey;
  const amount = SOL / 4n;
  let multisig = PublicKey.default;
  let vault = PublicKey.default;
  let index = 0n;
  const inner = () => [SystemProgram.transfer({ fromPubkey: vault, toPubkey: recipient, lamports: amount })];
  const balance = (k: PublicKey) => svm.getBalance(k) ?? 0n;
  const proposal = () =>
    decodeProposal(Buffer.from(svm.getAccount(proposalPda(multisig.toBase58(), index))!.data));

  it('loads the program and its ProgramConfig account', async () => {
    svm = new Vm();
    svm.addProgramFromFile(SQUADS_PROGRAM_ID, programSo!);
    const data = await squadsCoder().coder.accounts.encode('ProgramConfig', {
      authority: Keypair.generate().publicKey,
      multisigCreationFee: new BN(0),
      treasury: Keypair.generate().publicKey,
      reserved: Array.from({ length: 64 }, () => 0),
    });
    svm.setAccount(programConfigPda(), {
      lamports: Number(svm.minimumBalanceForRentExemption(BigInt(data.length))),
      data,
      owner: SQUADS_PROGRAM_ID,
      executable: false,
    });
    airdrop(svm, sponsor.publicKey, 10n * SOL);
  });

  it('creates the multisig (the sponsor pays; the create key only seeds the address)', () => {
    const config = decodeProgramConfig(Buffer.from(svm.getAccount(programConfigPda())!.data));
    expect(config.multisigCreationFee).toBe(0n);
    const createKey = Keypair.generate();
    const ix = createMultisigInstruction({
      createKey: createKey.publicKey.toBase58(),
      creator: sponsor.publicKey.toBase58(),
      treasury: config.treasury,
      signers: signers.map((s) => s.publicKey.toBase58()),
      threshold: 2,
      sponsor: sponsor.publicKey.toBase58(),
    });
    ok(svm.sendTransaction(signed(svm, sponsor, [ix], createKey)));
    multisig = multisigPda(createKey.publicKey.toBase58());
    vault = vaultPda(multisig.toBase58());

    const account = svm.getAccount(multisig)!;
    expect(account.owner.equals(SQUADS_PROGRAM_ID)).toBe(true);
    const state = decodeMultisig(Buffer.from(account.data));
    expect(state.threshold).toBe(2);
    expect(state.transactionIndex).toBe(0n);
    expect(state.createKey).toBe(createKey.publicKey.toBase58());
    expect(state.rentCollector).toBe(sponsor.publicKey.toBase58());
    expect(state.configAuthority).toBe(PublicKey.default.toBase58());
    // the program keeps members sorted by key
    const expected = [
      ...signers.map((s) => ({ key: s.publicKey.toBase58(), permissions: 2 })),
      { key: sponsor.publicKey.toBase58(), permissions: 5 },
    ];
    expect([...state.members].sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      expected.sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(balance(createKey.publicKey)).toBe(0n);
  });

  it('funds the vault and proposes a transfer in one sponsor transaction', () => {
    ok(
      svm.sendTransaction(
        signed(svm, sponsor, [
          SystemProgram.transfer({ fromPubkey: sponsor.publicKey, toPubkey: vault, lamports: SOL }),
        ]),
      ),
    );
    expect(balance(vault)).toBe(SOL);

    index = decodeMultisig(Buffer.from(svm.getAccount(multisig)!.data)).transactionIndex + 1n;
    const ixs = proposeInstructions({
      multisig: multisig.toBase58(),
      sponsor: sponsor.publicKey.toBase58(),
      index,
      inner: inner(),
    });
    ok(svm.sendTransaction(signed(svm, sponsor, ixs)));
    expect(decodeMultisig(Buffer.from(svm.getAccount(multisig)!.data)).transactionIndex).toBe(index);
    expect(proposal()).toMatchObject({ status: 'Active', approved: [], transactionIndex: index });
  });

  it('refuses an approval by the sponsor (no Vote permission)', () => {
    const ix = approveInstruction({
      multisig: multisig.toBase58(),
      index,
      member: sponsor.publicKey.toBase58(),
    });
    const refused = failed(svm.sendTransaction(signed(svm, sponsor, [ix])));
    expect(instructionError(refused)).toEqual({ index: 0, code: idlErrorCode('Unauthorized') });
    expect(proposal().approved).toEqual([]);
  });

  it('takes two members’ approvals, each transaction paid by the sponsor', () => {
    for (const [n, member] of signers.slice(0, 2).entries()) {
      const ix = approveInstruction({
        multisig: multisig.toBase58(),
        index,
        member: member.publicKey.toBase58(),
      });
      ok(svm.sendTransaction(signed(svm, sponsor, [ix], member)));
      expect(proposal().status).toBe(n === 0 ? 'Active' : 'Approved');
    }
    expect([...proposal().approved].sort()).toEqual(
      signers
        .slice(0, 2)
        .map((s) => s.publicKey.toBase58())
        .sort(),
    );
  });

  it('executes by the sponsor: the recipient gets exactly the amount, the vault pays no fee', () => {
    const vaultBefore = balance(vault);
    const sponsorBefore = balance(sponsor.publicKey);
    expect(balance(recipient)).toBe(0n);
    const ix = executeInstruction({
      multisig: multisig.toBase58(),
      index,
      member: sponsor.publicKey.toBase58(),
      inner: inner(),
    });
    ok(svm.sendTransaction(signed(svm, sponsor, [ix])));
    expect(balance(recipient)).toBe(amount);
    expect(balance(vault)).toBe(vaultBefore - amount);
    expect(balance(vault)).toBe(SOL - amount);
    expect(balance(sponsor.publicKey)).toBeLessThan(sponsorBefore);
    expect(proposal().status).toBe('Executed');
    for (const s of signers) expect(balance(s.publicKey)).toBe(0n);
  });
});
