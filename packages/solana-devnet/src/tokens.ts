// SPL Token state as a node's jsonParsed replies show it. Accounts and mints are read with
// @solana/spl-token's own unpackers, so what is parsed is exactly what the programs wrote.
// Token-2022 extensions are not parsed (the base state is); such accounts still parse.
import type { EncodedAccount } from '@solana/kit';
import { unpackAccount, unpackMint, type Account as TokenAccount, type Mint } from '@solana/spl-token';
import { PublicKey, type AccountInfo } from '@solana/web3.js';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const PROGRAM_NAMES: Record<string, string> = {
  [TOKEN_PROGRAM]: 'spl-token',
  [TOKEN_2022_PROGRAM]: 'spl-token-2022',
};

export const isTokenProgram = (owner: string) => owner in PROGRAM_NAMES;

/** What the VM holds at an address (LiteSVM 1.5.0's getAccount shape: kit's EncodedAccount). */
export type VmAccount = EncodedAccount;

/** The account's data as a Buffer (a view, not a copy). */
export const dataBuffer = (account: VmAccount): Buffer =>
  Buffer.from(account.data.buffer, account.data.byteOffset, account.data.byteLength);

/** The account as web3.js's AccountInfo, which @solana/spl-token's unpackers take. */
function accountInfo(account: VmAccount): AccountInfo<Buffer> {
  return {
    executable: account.executable,
    owner: new PublicKey(account.programAddress),
    lamports: Number(account.lamports),
    data: dataBuffer(account),
  };
}

/** The token account at `address`, or null when it is not one (wrong owner, a mint, garbage). */
export function readTokenAccount(address: string, account: VmAccount | null): TokenAccount | null {
  if (!account || !isTokenProgram(account.programAddress)) return null;
  const info = accountInfo(account);
  try {
    return unpackAccount(new PublicKey(address), info, info.owner);
  } catch {
    return null;
  }
}

export function readMint(address: string, account: VmAccount | null): Mint | null {
  if (!account || !isTokenProgram(account.programAddress)) return null;
  const info = accountInfo(account);
  try {
    return unpackMint(new PublicKey(address), info, info.owner);
  } catch {
    return null;
  }
}

/** `amount` smallest units as a decimal string with trailing zeros trimmed ("1.5", "0", "100"). */
function uiAmountString(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The UiTokenAmount object of getTokenAccountBalance, getTokenSupply and token balances. */
export function tokenAmount(amount: bigint, decimals: number) {
  const text = uiAmountString(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}

/** The parsed `data` of a token account or mint, or null for any other account. */
export function parsedTokenData(
  address: string,
  account: VmAccount,
  mintDecimals: (mint: string) => number | null,
): { program: string; parsed: unknown; space: number } | null {
  const program = PROGRAM_NAMES[account.programAddress];
  if (!program) return null;
  const space = account.data.length;
  const token = readTokenAccount(address, account);
  if (token) {
    const decimals = mintDecimals(token.mint.toBase58()) ?? 0;
    const info: Record<string, unknown> = {
      isNative: token.isNative,
      mint: token.mint.toBase58(),
      owner: token.owner.toBase58(),
      state: token.isFrozen ? 'frozen' : token.isInitialized ? 'initialized' : 'uninitialized',
      tokenAmount: tokenAmount(token.amount, decimals),
    };
    if (token.delegate) {
      info.delegate = token.delegate.toBase58();
      info.delegatedAmount = tokenAmount(token.delegatedAmount, decimals);
    }
    if (token.closeAuthority) info.closeAuthority = token.closeAuthority.toBase58();
    if (token.rentExemptReserve !== null) {
      info.rentExemptReserve = tokenAmount(token.rentExemptReserve, decimals);
    }
    return { program, parsed: { type: 'account', info }, space };
  }
  const mint = readMint(address, account);
  if (mint) {
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority?.toBase58() ?? null,
      supply: mint.supply.toString(),
    };
    return { program, parsed: { type: 'mint', info }, space };
  }
  return null;
}

/** One entry of a transaction's meta.preTokenBalances / postTokenBalances. */
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: ReturnType<typeof tokenAmount>;
}

/** The token balances of the transaction's accounts (`keys`, in account-index order) right now. */
export function tokenBalances(
  keys: string[],
  read: (address: string) => VmAccount | null,
  mintDecimals: (mint: string) => number | null,
): TokenBalance[] {
  const balances: TokenBalance[] = [];
  keys.forEach((address, accountIndex) => {
    const account = read(address);
    const token = readTokenAccount(address, account);
    if (!account || !token) return;
    const mint = token.mint.toBase58();
    balances.push({
      accountIndex,
      mint,
      owner: token.owner.toBase58(),
      programId: account.programAddress,
      uiTokenAmount: tokenAmount(token.amount, mintDecimals(mint) ?? 0),
    });
  });
  return balances;
}
