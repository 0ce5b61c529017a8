import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, Transaction, type AccountInfo } from '@solana/web3.js';
import { FailedTransactionMetadata } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { familyCodeOf as codeOf, solanaVm } from './solana-vm-kit';
import { SvmTxError } from './squads-test-kit';
import {
  payerInstructions,
  planTransfer,
  spendableLamports,
  vaultInstructions,
  type SolTransferState,
} from './transfer';

/**
 * The transfer rules against a real Solana VM. The vault here is an ordinary key standing in
 * for the Squads vault (the Squads program is not available on this machine): the instructions
 * a vault runs are the same whoever signs them, so the VM shows what they move and refuses.
 */
function accountOf(vm: ReturnType<typeof solanaVm>, address: PublicKey): AccountInfo<Buffer> | null {
  const account = vm.svm.getAccount(address);
  if (!account) return null;
  return {
    ...account,
    data: Buffer.from(account.data),
    lamports: Number(account.lamports),
  } as AccountInfo<Buffer>;
}

function stateOf(
  vm: ReturnType<typeof solanaVm>,
  vault: PublicKey,
  to: PublicKey,
  mint: PublicKey | null,
): SolTransferState {
  const vaultTokens = mint ? accountOf(vm, getAssociatedTokenAddressSync(mint, vault, true)) : null;
  const recipientAta =
    mint && PublicKey.isOnCurve(to.toBytes()) ? getAssociatedTokenAddressSync(mint, to) : null;
  return {
    vaultLamports: vm.svm.getBalance(vault) ?? 0n,
    reserve: vm.svm.minimumBalanceForRentExemption(0n),
    tokenAccountRent: vm.svm.minimumBalanceForRentExemption(165n),
    mint: mint ? accountOf(vm, mint) : null,
    vaultTokens: vaultTokens && mint ? getAccountAmount(vaultTokens, mint) : 0n,
    recipient: accountOf(vm, to),
    recipientTokenAccount: recipientAta ? accountOf(vm, recipientAta) : null,
  };
}

function getAccountAmount(account: AccountInfo<Buffer>, _mint: PublicKey): bigint {
  return account.data.readBigUInt64LE(64);
}

describe('SOL out of a vault keeps the rent-exempt reserve', () => {
  it('sends all above the reserve; one lamport more is refused by us and by the VM alike', () => {
    const vm = solanaVm();
    const vault = Keypair.generate();
    vm.svm.airdrop(vault.publicKey, 2_000_000_000n);
    const to = Keypair.generate().publicKey;
    const state = stateOf(vm, vault.publicKey, to, null);
    expect(state.reserve).toBe(890_880n);
    const max = spendableLamports(state, 0n);
    expect(max).toBe(2_000_000_000n - 890_880n);

    // One lamport into the reserve: our rule refuses, and the VM refuses the same instruction.
    const over = { vault: vault.publicKey.toBase58(), to: to.toBase58(), mint: null, state, held: 0n };
    expect(codeOf(() => planTransfer({ ...over, amount: max + 1n }))).toBe('SOL_RESERVE_ERROR');
    expect(codeOf(() => planTransfer({ ...over, amount: 2_000_000_001n }))).toBe(
      'TRANSFER_BALANCE_INSUFFICIENT_ERROR',
    );
    const tooMuch = SystemProgram.transfer({ fromPubkey: vault.publicKey, toPubkey: to, lamports: max + 1n });
    expect(vm.send([tooMuch], [vault])).toMatch(/InsufficientFundsForRent|insufficient funds for rent/i);

    // The fee payer pays the fee: the vault loses exactly the amount and keeps its reserve.
    const plan = planTransfer({ ...over, amount: max });
    expect(vm.send(vaultInstructions(plan), [vault])).toBeNull();
    expect(vm.svm.getBalance(vault.publicKey)).toBe(890_880n);
    expect(vm.svm.getBalance(to)).toBe(max);
  });

  it('what other transfers hold is not spendable again', () => {
    const state = { vaultLamports: 1_000_000_000n, reserve: 890_880n };
    expect(spendableLamports(state, 500_000_000n)).toBe(500_000_000n - 890_880n);
    expect(spendableLamports(state, 999_999_999n)).toBe(0n);
  });
});

describe('SPL tokens out of a vault', () => {
  it('creates the recipient’s token account at the fee payer’s cost; the vault loses only the tokens', async () => {
    const vm = solanaVm();
    const vault = Keypair.generate();
    vm.svm.airdrop(vault.publicKey, 1_000_000_000n);
    const mint = await vm.createMint(6);
    vm.mintTo(mint, vault.publicKey, 5_000_000n);
    const to = Keypair.generate().publicKey;
    const plan = planTransfer({
      vault: vault.publicKey.toBase58(),
      to: to.toBase58(),
      amount: 1_250_000n,
      mint: mint.toBase58(),
      state: stateOf(vm, vault.publicKey, to, mint),
      held: 0n,
    });
    expect(plan).toMatchObject({ decimals: 6, createsAccount: true, accountRent: '2039280' });
    const payerBefore = vm.svm.getBalance(vm.payer.publicKey)!;
    const vaultBefore = vm.svm.getBalance(vault.publicKey)!;
    expect(
      vm.send(
        [...payerInstructions(plan, vm.payer.publicKey.toBase58()), ...vaultInstructions(plan)],
        [vault],
      ),
    ).toBeNull();
    expect(vm.svm.getBalance(vault.publicKey)).toBe(vaultBefore);
    // Two signatures' fee (payer and vault) plus the new account's rent, all from the payer.
    expect(payerBefore - vm.svm.getBalance(vm.payer.publicKey)!).toBe(2n * 5000n + 2_039_280n);
    const received = accountOf(vm, new PublicKey(plan.destination!))!;
    expect(getAccountAmount(received, mint)).toBe(1_250_000n);
    expect(getAccountAmount(accountOf(vm, new PublicKey(plan.source!))!, mint)).toBe(3_750_000n);

    // The next transfer to the same recipient needs no new account.
    const again = planTransfer({
      vault: vault.publicKey.toBase58(),
      to: to.toBase58(),
      amount: 1n,
      mint: mint.toBase58(),
      state: stateOf(vm, vault.publicKey, to, mint),
      held: 0n,
    });
    expect(again).toMatchObject({ createsAccount: false, accountRent: '0', destination: plan.destination });
  });

  it('refuses a mint that is no token, a program-address recipient, a token account of another mint, and more than held', async () => {
    const vm = solanaVm();
    const vault = Keypair.generate();
    const mint = await vm.createMint(6);
    const otherMint = await vm.createMint(6);
    vm.mintTo(mint, vault.publicKey, 100n);
    const base = (to: PublicKey, asMint: PublicKey, amount = 10n) => ({
      vault: vault.publicKey.toBase58(),
      to: to.toBase58(),
      amount,
      mint: asMint.toBase58(),
      state: stateOf(vm, vault.publicKey, to, asMint),
      held: 0n,
    });
    const person = Keypair.generate().publicKey;
    // A system account (the payer) is not a mint.
    expect(codeOf(() => planTransfer(base(person, vm.payer.publicKey)))).toBe('TOKEN_NOT_FOUND_ERROR');
    const [pda] = PublicKey.findProgramAddressSync([Buffer.from('vault')], TOKEN_PROGRAM_ID);
    expect(codeOf(() => planTransfer(base(pda, mint)))).toBe('ADDRESS_VALIDATION_ERROR');
    const foreign = vm.mintTo(otherMint, person, 1n);
    expect(codeOf(() => planTransfer(base(foreign, mint)))).toBe('ADDRESS_VALIDATION_ERROR');
    expect(codeOf(() => planTransfer(base(person, mint, 101n)))).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    expect(codeOf(() => planTransfer({ ...base(person, mint, 60n), held: 50n }))).toBe(
      'TRANSFER_BALANCE_INSUFFICIENT_ERROR',
    );
    // A token account of the right mint is paid directly, with no account to create.
    const direct = vm.mintTo(mint, person, 1n);
    expect(planTransfer(base(direct, mint))).toMatchObject({
      destination: direct.toBase58(),
      createsAccount: false,
    });
    expect(codeOf(() => planTransfer(base(vault.publicKey, mint)))).toBe('TRANSFER_TO_SELF_ERROR');
    expect(codeOf(() => planTransfer(base(person, mint, 0n)))).toBe('TRANSFER_VOLUME_ZERO_ERROR');
  });
});

describe('the VM checks every signature', () => {
  it('refuses a transfer whose vault signature was changed by one bit', () => {
    const vm = solanaVm();
    const vault = Keypair.generate();
    vm.svm.airdrop(vault.publicKey, 1_000_000_000n);
    const tx = new Transaction({ feePayer: vm.payer.publicKey, recentBlockhash: vm.svm.latestBlockhash() });
    tx.add(
      SystemProgram.transfer({
        fromPubkey: vault.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000n,
      }),
    );
    tx.sign(vm.payer, vault);
    const wire = tx.serialize();
    // Signatures follow the one-byte count: the vault's is the second.
    wire[1 + 64 + 10]! ^= 1;
    const result = vm.svm.sendTransaction(wire);
    expect(result).toBeInstanceOf(FailedTransactionMetadata);
    // TransactionError::SignatureFailure
    expect((result as FailedTransactionMetadata).err()).toBe(SvmTxError.SignatureFailure);
    expect(vm.svm.getBalance(vault.publicKey)).toBe(1_000_000_000n);
  });
});
