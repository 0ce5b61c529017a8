import { ed25519 } from '@noble/curves/ed25519';
import { ASSOCIATED_TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { FailedTransactionMetadata } from 'litesvm';
import { describe, expect, it } from 'vitest';
import {
  approvalMessage,
  checkApproval,
  executionMessage,
  paidBy,
  unsignedWire,
  type SquadsTransfer,
} from './flow';
import { seedSigner } from './message';
import { familyCodeOf as codeOf, solanaVm } from './solana-vm-kit';
import { squadsInstructionName, vaultPda } from './squads';
import { SvmTxError } from './squads-test-kit';

const members = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
const feePayer = seedSigner(Keypair.generate().secretKey.slice(0, 32));
const multisig = Keypair.generate().publicKey.toBase58();
const vault = vaultPda(multisig).toBase58();
const transfer = (amount = '250000000'): SquadsTransfer => ({
  multisig,
  microLamportsPerCu: '0',
  plan: {
    vault,
    to: Keypair.generate().publicKey.toBase58(),
    amount,
    mint: null,
    decimals: 9,
    source: null,
    destination: null,
    createsAccount: false,
    accountRent: '0',
  },
});
const memberSet = new Set(members.map((m) => m.publicKey.toBase58()));

/** The member's wallet signing the message bytes (or other bytes), as signTransaction does. */
function signedBy(wire: string, key: Keypair, over?: Uint8Array): string {
  const tx = VersionedTransaction.deserialize(Buffer.from(wire, 'base64'));
  tx.signatures[1] = ed25519.sign(over ?? tx.message.serialize(), key.secretKey.slice(0, 32));
  return Buffer.from(tx.serialize()).toString('base64');
}

describe('a signer’s Squads approval', () => {
  const plan = transfer();
  const blockhash = Keypair.generate().publicKey.toBase58();
  const member = members[0]!;
  const first = approvalMessage(plan, {
    feePayer: feePayer.address,
    member: member.publicKey.toBase58(),
    index: 1n,
    proposes: true,
    blockhash,
  });
  const expected = { feePayer: feePayer.address, members: memberSet, index: 1n, proposes: true };

  it('the first puts the vault transaction and its proposal on chain, then approves; later ones only approve', () => {
    const names = (message: typeof first) =>
      message.compiledInstructions.map((ix) =>
        squadsInstructionName({
          programId: message.staticAccountKeys[ix.programIdIndex]!,
          data: Buffer.from(ix.data),
        }),
      );
    expect(names(first)).toEqual(['vaultTransactionCreate', 'proposalCreate', 'proposalApprove']);
    const later = approvalMessage(plan, {
      ...expected,
      member: members[1]!.publicKey.toBase58(),
      proposes: false,
      blockhash,
    });
    expect(names(later)).toEqual(['proposalApprove']);
    // Two signers: the fee payer (first, pays) and the member.
    expect(first.header.numRequiredSignatures).toBe(2);
    expect(first.staticAccountKeys[0]!.toBase58()).toBe(feePayer.address);
  });

  it('is accepted only signed by a member over exactly the bytes we build', () => {
    const wire = unsignedWire(first);
    const checked = checkApproval(plan, signedBy(wire, member), expected);
    expect(checked.member).toBe(member.publicKey.toBase58());
    expect(codeOf(() => checkApproval(plan, signedBy(wire, member, new Uint8Array(64)), expected))).toBe(
      'SIGNATURE_INVALID_ERROR',
    );
    // Signed by another key in the member's slot.
    expect(codeOf(() => checkApproval(plan, signedBy(wire, members[1]!), expected))).toBe(
      'SIGNATURE_INVALID_ERROR',
    );
    expect(
      codeOf(() => checkApproval(plan, signedBy(wire, member), { ...expected, members: new Set() })),
    ).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    // Another amount, another index, the later form, another fee payer: not the transaction of this task.
    expect(codeOf(() => checkApproval(transfer('1'), signedBy(wire, member), expected))).toBe(
      'TASK_DATA_CHANGED_ERROR',
    );
    expect(codeOf(() => checkApproval(plan, signedBy(wire, member), { ...expected, index: 2n }))).toBe(
      'TASK_DATA_CHANGED_ERROR',
    );
    expect(codeOf(() => checkApproval(plan, signedBy(wire, member), { ...expected, proposes: false }))).toBe(
      'TASK_DATA_CHANGED_ERROR',
    );
    expect(
      codeOf(() =>
        checkApproval(plan, signedBy(wire, member), {
          ...expected,
          feePayer: members[2]!.publicKey.toBase58(),
        }),
      ),
    ).toBe('TASK_DATA_CHANGED_ERROR');
    expect(codeOf(() => checkApproval(plan, 'not a transaction', expected))).toBe('SIGNATURE_INVALID_ERROR');
  });

  it('on the VM: the fee payer’s signature completes it; a changed member signature is refused by the VM itself', () => {
    const vm = solanaVm();
    const onVm = approvalMessage(plan, {
      ...expected,
      member: member.publicKey.toBase58(),
      blockhash: vm.svm.latestBlockhash(),
    });
    const checked = checkApproval(plan, signedBy(unsignedWire(onVm), member), expected);
    vm.svm.airdrop(new PublicKey(feePayer.address), 1_000_000_000n);
    const wire = paidBy(feePayer, Buffer.from(checked.wire, 'base64'));
    const tx = VersionedTransaction.deserialize(wire);
    expect(
      ed25519.verify(tx.signatures[0]!, tx.message.serialize(), tx.message.staticAccountKeys[0]!.toBytes()),
    ).toBe(true);
    const tampered = Uint8Array.from(wire);
    tampered[1 + 64 + 5]! ^= 1;
    const refused = vm.svm.sendTransaction(tampered);
    expect((refused as FailedTransactionMetadata).err()).toBe(SvmTxError.SignatureFailure);
    // Intact, the VM gets past the signatures and stops at the missing Squads program.
    const intact = vm.svm.sendTransaction(wire);
    expect(intact).toBeInstanceOf(FailedTransactionMetadata);
    expect([SvmTxError.ProgramAccountNotFound, SvmTxError.InvalidProgramForExecution]).toContain(
      (intact as FailedTransactionMetadata).err(),
    );
  });
});

describe('the execution', () => {
  it('creates the recipient’s token account first when the plan says so, then executes as the fee payer', () => {
    const plan = transfer();
    plan.plan = {
      ...plan.plan,
      mint: Keypair.generate().publicKey.toBase58(),
      decimals: 6,
      source: vault,
      destination: Keypair.generate().publicKey.toBase58(),
      createsAccount: true,
      accountRent: '2039280',
    };
    const message = executionMessage(plan, {
      feePayer: feePayer.address,
      index: 3n,
      blockhash: Keypair.generate().publicKey.toBase58(),
    });
    const programs = message.compiledInstructions.map((ix) => message.staticAccountKeys[ix.programIdIndex]!);
    expect(programs[0]!.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true);
    const last = message.compiledInstructions[1]!;
    expect(squadsInstructionName({ programId: programs[1]!, data: Buffer.from(last.data) })).toBe(
      'vaultTransactionExecute',
    );
    // Only the fee payer signs it.
    expect(message.header.numRequiredSignatures).toBe(1);
  });
});
