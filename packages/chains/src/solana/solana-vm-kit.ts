import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { address, getTransactionDecoder } from '@solana/kit';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  VersionedTransaction,
  type AccountInfo,
  type TransactionInstruction,
} from '@solana/web3.js';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { isFamilyError } from '../family';

/**
 * Test kit: LiteSVM (the real Solana runtime, in-process; the @solana/kit flavour, 1.5) spoken
 * to in web3.js terms. Transactions reach the VM as their wire bytes, unverified on the way, so
 * the VM alone checks signatures and blockhashes.
 */
export class Vm {
  readonly svm = new LiteSVM();

  airdrop(to: PublicKey, lamports: bigint) {
    const result = this.svm.airdrop(address(to.toBase58()), lamports as never);
    if (result instanceof FailedTransactionMetadata) throw new Error(`airdrop failed: ${failure(result)}`);
  }

  getBalance(key: PublicKey): bigint | null {
    return this.svm.getBalance(address(key.toBase58()));
  }

  getAccount(key: PublicKey): AccountInfo<Buffer> | null {
    const account = this.svm.getAccount(address(key.toBase58()));
    if (!account.exists) return null;
    return {
      lamports: Number(account.lamports),
      owner: new PublicKey(account.programAddress),
      data: Buffer.from(account.data),
      executable: account.executable,
      rentEpoch: 0,
    };
  }

  setAccount(
    key: PublicKey,
    account: { lamports: number; data: Uint8Array; owner: PublicKey; executable?: boolean },
  ) {
    this.svm.setAccount({
      address: address(key.toBase58()),
      lamports: BigInt(account.lamports) as never,
      programAddress: address(account.owner.toBase58()),
      data: account.data,
      executable: account.executable ?? false,
      space: BigInt(account.data.length),
    });
  }

  addProgramFromFile(programId: PublicKey, path: string) {
    this.svm.addProgramFromFile(address(programId.toBase58()), path);
  }

  latestBlockhash = (): string => this.svm.latestBlockhash();
  expireBlockhash = () => this.svm.expireBlockhash();
  minimumBalanceForRentExemption = (size: bigint): bigint => this.svm.minimumBalanceForRentExemption(size);

  /** Runs a transaction from its wire bytes (signatures are not checked before the VM does). */
  sendTransaction(
    tx: Transaction | VersionedTransaction | Uint8Array,
  ): TransactionMetadata | FailedTransactionMetadata {
    const wire =
      tx instanceof Uint8Array
        ? tx
        : tx instanceof VersionedTransaction
          ? tx.serialize()
          : tx.serialize({ requireAllSignatures: false, verifySignatures: false });
    return this.svm.sendTransaction(getTransactionDecoder().decode(wire) as never);
  }
}

/** A failed transaction's error and logs, as text. */
export function failure(result: FailedTransactionMetadata): string {
  const err = result.err();
  // Fieldless errors are numbers; the others are native objects named after the error.
  const name = typeof err === 'object' ? (err as object).constructor.name : `TransactionError ${String(err)}`;
  return `${name} ${result.meta().logs().join('\n')}`;
}

/** A VM with a funded fee payer and the few setup steps tests need, each a real transaction. */
export function solanaVm() {
  const svm = new Vm();
  const payer = Keypair.generate();
  svm.airdrop(payer.publicKey, 10_000_000_000n);

  /** Sends instructions signed by the fee payer and `signers`; the VM's failure text, or null. */
  const send = (instructions: TransactionInstruction[], signers: Keypair[] = [], feePayer = payer) => {
    const tx = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash: svm.latestBlockhash() });
    tx.add(...instructions);
    tx.sign(feePayer, ...signers);
    const result = svm.sendTransaction(tx);
    svm.expireBlockhash();
    return result instanceof FailedTransactionMetadata ? failure(result) : null;
  };

  const mustSend = (instructions: TransactionInstruction[], signers: Keypair[] = []) => {
    const problem = send(instructions, signers);
    if (problem) throw new Error(problem);
  };

  async function createMint(decimals: number): Promise<PublicKey> {
    const mint = Keypair.generate();
    mustSend(
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: Number(svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
          space: MINT_SIZE,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(mint.publicKey, decimals, payer.publicKey, null),
      ],
      [mint],
    );
    return mint.publicKey;
  }

  function mintTo(mint: PublicKey, owner: PublicKey, amount: bigint): PublicKey {
    const account = getAssociatedTokenAddressSync(mint, owner, true);
    mustSend([
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, account, owner, mint),
      createMintToInstruction(mint, account, payer.publicKey, amount),
    ]);
    return account;
  }

  return { svm, payer, send, mustSend, createMint, mintTo };
}

/** The catalogue code a family rule refuses `work` with, or 'OK' when it is not refused. */
export function familyCodeOf(work: () => unknown): string {
  try {
    work();
    return 'OK';
  } catch (error) {
    if (isFamilyError(error)) return error.code;
    throw error;
  }
}
