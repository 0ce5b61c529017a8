import {
  ACCOUNT_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
  unpackAccount,
  unpackMint,
} from '@solana/spl-token';
import { PublicKey, SystemProgram, type AccountInfo, type TransactionInstruction } from '@solana/web3.js';
import { FamilyError } from '../family';
import { isOnCurve, solanaAddress } from './address';

/**
 * One transfer out of a wallet's vault, as decided when the task is created: what the vault
 * runs (its own transfer instruction) and what the fee payer does first (create the recipient's
 * token account, paying its rent), so the vault loses exactly the amount sent.
 */
export interface SolTransferPlan {
  vault: string;
  to: string;
  amount: string;
  /** null for SOL. */
  mint: string | null;
  decimals: number;
  /** SPL: the token accounts paid from and to (the recipient's associated account, or the token account given). */
  source: string | null;
  destination: string | null;
  /** SPL: the recipient's associated token account does not exist yet; the fee payer creates it. */
  createsAccount: boolean;
  /** Rent the fee payer puts into that new account (lamports). */
  accountRent: string;
}

/** What the chain holds for a transfer, read before the wallet's lock. */
export interface SolTransferState {
  vaultLamports: bigint;
  /** The vault must stay rent-exempt: the least it may keep when it keeps anything. */
  reserve: bigint;
  tokenAccountRent: bigint;
  /** SPL: the mint account, the vault's token balance, and the recipient's account and token account. */
  mint: AccountInfo<Buffer> | null;
  vaultTokens: bigint;
  recipient: AccountInfo<Buffer> | null;
  recipientTokenAccount: AccountInfo<Buffer> | null;
}

const key = (address: string) => new PublicKey(address);

/** The mint's decimals, refused when the account is not a mint of the Token program. */
export function mintDecimals(mint: string, account: AccountInfo<Buffer> | null): number {
  if (!account || !account.owner.equals(TOKEN_PROGRAM_ID)) throw new FamilyError('TOKEN_NOT_FOUND_ERROR');
  try {
    return unpackMint(key(mint), account).decimals;
  } catch {
    throw new FamilyError('TOKEN_NOT_FOUND_ERROR');
  }
}

/**
 * Where tokens for `to` go: the token account itself when `to` is one of this mint, else the
 * associated token account of the owner `to` — which must be an ordinary key: a program address
 * (off the curve) gets no associated account from us, since whoever controls it may never use it.
 */
export function tokenDestination(
  to: string,
  mint: string,
  recipient: AccountInfo<Buffer> | null,
): { destination: string; owner: string | null } {
  if (recipient?.owner.equals(TOKEN_PROGRAM_ID) && recipient.data.length === ACCOUNT_SIZE) {
    const account = unpackAccount(key(to), recipient);
    if (!account.mint.equals(key(mint))) throw new FamilyError('ADDRESS_VALIDATION_ERROR', { field: 'to' });
    return { destination: to, owner: null };
  }
  if (!isOnCurve(to)) throw new FamilyError('ADDRESS_VALIDATION_ERROR', { field: 'to' });
  return { destination: getAssociatedTokenAddressSync(key(mint), key(to)).toBase58(), owner: to };
}

/** The vault's associated token account of a mint (the vault is a program address). */
export const vaultTokenAccount = (vault: string, mint: string) =>
  getAssociatedTokenAddressSync(key(mint), key(vault), true).toBase58();

/**
 * SOL the vault may send: all of it above the rent-exempt reserve. Sending into the reserve is
 * refused rather than emptying the vault, so deposits keep arriving at a live account.
 */
export function spendableLamports(
  state: Pick<SolTransferState, 'vaultLamports' | 'reserve'>,
  held: bigint,
): bigint {
  const free = state.vaultLamports - state.reserve - held;
  return free > 0n ? free : 0n;
}

/** The plan for one output, checked against the chain state and what other transfers hold. */
export function planTransfer(input: {
  vault: string;
  to: string;
  amount: bigint;
  mint: string | null;
  state: SolTransferState;
  held: bigint;
}): SolTransferPlan {
  const { vault, amount, mint, state, held } = input;
  const to = solanaAddress(input.to, 'to');
  if (to === vault) throw new FamilyError('TRANSFER_TO_SELF_ERROR');
  if (amount <= 0n) throw new FamilyError('TRANSFER_VOLUME_ZERO_ERROR');
  if (!mint) {
    if (amount > state.vaultLamports - held) throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    if (amount > spendableLamports(state, held)) throw new FamilyError('SOL_RESERVE_ERROR');
    return {
      vault,
      to,
      amount: amount.toString(),
      mint: null,
      decimals: 9,
      source: null,
      destination: null,
      createsAccount: false,
      accountRent: '0',
    };
  }
  const decimals = mintDecimals(mint, state.mint);
  if (amount > state.vaultTokens - held) throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
  const { destination, owner } = tokenDestination(to, mint, state.recipient);
  const createsAccount = owner !== null && !state.recipientTokenAccount;
  return {
    vault,
    to,
    amount: amount.toString(),
    mint,
    decimals,
    source: vaultTokenAccount(vault, mint),
    destination,
    createsAccount,
    accountRent: createsAccount ? state.tokenAccountRent.toString() : '0',
  };
}

/** What the vault runs: one transfer, signed by the vault. */
export function vaultInstructions(plan: SolTransferPlan): TransactionInstruction[] {
  if (!plan.mint)
    return [
      SystemProgram.transfer({
        fromPubkey: key(plan.vault),
        toPubkey: key(plan.to),
        lamports: BigInt(plan.amount),
      }),
    ];
  return [
    createTransferCheckedInstruction(
      key(plan.source!),
      key(plan.mint),
      key(plan.destination!),
      key(plan.vault),
      BigInt(plan.amount),
      plan.decimals,
    ),
  ];
}

/** What the fee payer does before the vault runs: create the recipient's token account when missing. */
export function payerInstructions(plan: SolTransferPlan, payer: string): TransactionInstruction[] {
  if (!plan.createsAccount || !plan.mint) return [];
  return [
    createAssociatedTokenAccountIdempotentInstruction(
      key(payer),
      key(plan.destination!),
      key(plan.to),
      key(plan.mint),
    ),
  ];
}
