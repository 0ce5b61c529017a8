import { formatUnits } from 'viem';
import { vaultOf } from './squads-accounts';
import { readVaultTransactionCreate } from './squads-vault-message';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
/** System Program `Transfer` (u32 LE 2, u64 LE lamports) and SPL Token `TransferChecked` (12, u64 LE, u8 decimals). */
const SYSTEM_TRANSFER = 2;
const TRANSFER_CHECKED = 12;
const SOL_DECIMALS = 9;

/** The task's transfer as the card shows it. */
export interface ExpectedTransfer {
  /** The recipient (for a token: the owner, or a token account of the mint given directly). */
  to: string;
  /** In the coin's or token's units, as the task shows it ("1.5"). */
  amount: string;
  /** The SPL mint; null for SOL. The task names it in lower case, so it is compared so. */
  mint: string | null;
}

/** What the vault transaction does, read from its bytes once it matched. */
export interface VaultTransfer {
  to: string;
  /** The account credited: `to` for SOL, the token account for a token. */
  destination: string;
  mint: string | null;
  /** In the coin's or token's units ("1.5"). */
  amount: string;
}

/** `text` ("1.5") in base units of `decimals`, or null when it is not a plain amount with at most that many decimals. */
function baseUnits(text: string, decimals: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const fraction = (match?.[2] ?? '').replace(/0+$/, '');
  if (!match || fraction.length > decimals) return null;
  return BigInt(match[1]! + fraction.padEnd(decimals, '0'));
}

/**
 * Why the vault transaction of a proposing approval (vaultTransactionCreate's data) must not be
 * signed, or what it does: exactly the transfer the server builds for the task (packages/chains
 * solana/transfer.ts `vaultInstructions`) — one System transfer of the lamports from the vault to
 * `to`, or one TransferChecked of the Token program from the vault's associated token account to
 * `to`'s (or to `to`, a token account given directly), authorised by the vault — from vault 0, with
 * no ephemeral signers, memo or lookup tables. The recipient's token account is created by the fee
 * payer at execution, outside the vault. The decimals are the instruction's: the Token program
 * refuses a TransferChecked whose decimals are not the mint's.
 */
export async function vaultTransferRefusal(
  data: Uint8Array,
  multisig: string,
  expected: ExpectedTransfer,
): Promise<string | VaultTransfer> {
  const { PublicKey } = await import('@solana/web3.js');
  let create;
  try {
    create = readVaultTransactionCreate(data);
  } catch (error) {
    return `an unreadable vault transaction (${(error as Error).message})`;
  }
  if (create.vaultIndex !== 0) return `vault ${create.vaultIndex}, not the wallet's vault 0`;
  if (create.ephemeralSigners !== 0) return `${create.ephemeralSigners} ephemeral signers`;
  if (create.memo !== null) return 'a memo in the vault transaction';
  const { message } = create;
  if (message.addressTableLookups > 0) return 'address lookup tables in the vault transaction';
  if (message.instructions.length !== 1)
    return `the vault transaction has ${message.instructions.length} instructions, not one transfer`;
  const keys = message.accountKeys.map((bytes) => new PublicKey(bytes).toBase58());
  const [instruction] = message.instructions;
  const indexes = [instruction!.programIdIndex, ...instruction!.accountIndexes];
  if (indexes.some((i) => i >= keys.length)) return "an account index past the vault transaction's accounts";
  const [program, ...accounts] = indexes.map((i) => keys[i]!);
  const bytes = instruction!.data;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  const pda = (seeds: Uint8Array[], owner: string) =>
    PublicKey.findProgramAddressSync(seeds, new PublicKey(owner))[0].toBase58();
  const key = (address: string) => new PublicKey(address).toBytes();
  const vault = await vaultOf(multisig);
  const sends = (amount: bigint, decimals: number) => {
    const wanted = baseUnits(expected.amount, decimals);
    return wanted === amount ? null : `it sends ${formatUnits(amount, decimals)}, not ${expected.amount}`;
  };

  if (!expected.mint) {
    if (program !== SYSTEM_PROGRAM) return `the vault transaction calls ${program}, not a SOL transfer`;
    if (bytes.length !== 12 || view.getUint32(0, true) !== SYSTEM_TRANSFER || accounts.length !== 2)
      return 'the vault transaction is not one SOL transfer';
    const [from, to] = accounts as [string, string];
    if (from !== vault) return `it sends from ${from}, not the vault ${vault}`;
    if (to !== expected.to) return `it sends to ${to}, not ${expected.to}`;
    const lamports = view.getBigUint64(4, true);
    const wrong = sends(lamports, SOL_DECIMALS);
    if (wrong) return wrong;
    return { to, destination: to, mint: null, amount: formatUnits(lamports, SOL_DECIMALS) };
  }

  if (program !== TOKEN_PROGRAM) return `the vault transaction calls ${program}, not the Token program`;
  if (bytes.length !== 10 || bytes[0] !== TRANSFER_CHECKED || accounts.length !== 4)
    return 'the vault transaction is not one token transferChecked';
  const [source, mint, destination, authority] = accounts as [string, string, string, string];
  if (mint.toLowerCase() !== expected.mint.toLowerCase())
    return `it sends token ${mint}, not ${expected.mint}`;
  const tokenAccount = (owner: string) =>
    pda([key(owner), key(TOKEN_PROGRAM), key(mint)], ASSOCIATED_TOKEN_PROGRAM);
  if (authority !== vault) return `the transfer is authorised by ${authority}, not the vault ${vault}`;
  if (source !== tokenAccount(vault)) return `it sends from ${source}, not the vault's token account`;
  if (destination !== expected.to && destination !== tokenAccount(expected.to))
    return `it sends to ${destination}, not ${expected.to} or its token account`;
  const amount = view.getBigUint64(1, true);
  const decimals = bytes[9]!;
  const wrong = sends(amount, decimals);
  if (wrong) return wrong;
  return { to: expected.to, destination, mint, amount: formatUnits(amount, decimals) };
}
