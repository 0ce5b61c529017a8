// Test-only: independent readers for the Squads v4 tests. Anchor's BorshCoder (@coral-xyz/anchor 0.29,
// driven by the program's IDL json) decodes and encodes what squads.ts builds and reads with the Squads
// SDK; the vault transaction message is read by a small reader written here from the program's layout,
// not by the SDK's beet code.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BorshCoder, type Idl } from '@coral-xyz/anchor';
import { PublicKey } from '@solana/web3.js';

interface IdlAccountItem {
  name: string;
  isMut: boolean;
  isSigner: boolean;
}

export interface SquadsIdl {
  name: string;
  metadata: { address: string };
  instructions: { name: string; accounts: IdlAccountItem[]; args: { name: string }[] }[];
  accounts: { name: string }[];
  types: { name: string }[];
  errors: { code: number; name: string; msg: string }[];
}

/** The IDL json shipped in @sqds/multisig (its package exports do not list it, so it is read from disk). */
export function loadSquadsIdl(): SquadsIdl {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@sqds/multisig/package.json'));
  return JSON.parse(
    fs.readFileSync(path.join(dir, 'idl', 'squads_multisig_program.json'), 'utf8'),
  ) as SquadsIdl;
}

let cached: { idl: SquadsIdl; coder: BorshCoder } | undefined;

/** Anchor's BorshCoder for the Squads IDL (instruction and account coders). */
export function squadsCoder(): { idl: SquadsIdl; coder: BorshCoder } {
  if (!cached) {
    const idl = loadSquadsIdl();
    cached = { idl, coder: new BorshCoder(idl as unknown as Idl) };
  }
  return cached;
}

/** The IDL's account list of an instruction (name, isMut, isSigner), in order. */
export function idlAccounts(name: string): IdlAccountItem[] {
  const ix = squadsCoder().idl.instructions.find((i) => i.name === name);
  if (!ix) throw new Error(`no instruction ${name} in the IDL`);
  return ix.accounts;
}

/** The program's error code for an error name, from the IDL. */
export function idlErrorCode(name: string): number {
  const error = squadsCoder().idl.errors.find((e) => e.name === name);
  if (!error) throw new Error(`no error ${name} in the IDL`);
  return error.code;
}

export interface VaultMessageInstruction {
  programIdIndex: number;
  accountIndexes: number[];
  data: Buffer;
}

export interface VaultMessage {
  numSigners: number;
  numWritableSigners: number;
  numWritableNonSigners: number;
  accountKeys: PublicKey[];
  instructions: VaultMessageInstruction[];
  addressTableLookups: { accountKey: PublicKey; writableIndexes: number[]; readonlyIndexes: number[] }[];
}

/**
 * Reads the `transaction_message` bytes of vaultTransactionCreate: Squads' compact TransactionMessage
 * (the program's small_vec layout; the IDL only says `bytes` for it, its `VaultTransactionMessage` type is
 * the stored form with u32 vec lengths):
 *   numSigners u8, numWritableSigners u8, numWritableNonSigners u8,
 *   accountKeys      SmallVec<u8, Pubkey>,
 *   instructions     SmallVec<u8, { programIdIndex u8, accountIndexes SmallVec<u8, u8>, data SmallVec<u16 LE, u8> }>,
 *   addressTableLookups SmallVec<u8, { accountKey Pubkey, writableIndexes SmallVec<u8, u8>, readonlyIndexes SmallVec<u8, u8> }>.
 * Refuses trailing bytes.
 */
export function readVaultMessage(bytes: Uint8Array): VaultMessage {
  const buf = Buffer.from(bytes);
  let at = 0;
  const need = (n: number) => {
    if (at + n > buf.length) throw new Error(`vault message truncated at ${at}`);
  };
  const u8 = () => {
    need(1);
    return buf.readUInt8(at++);
  };
  const u16 = () => {
    need(2);
    const v = buf.readUInt16LE(at);
    at += 2;
    return v;
  };
  const pubkey = () => {
    need(32);
    const k = new PublicKey(buf.subarray(at, at + 32));
    at += 32;
    return k;
  };
  const bytesU8 = () => {
    const n = u8();
    need(n);
    const out = [...buf.subarray(at, at + n)];
    at += n;
    return out;
  };
  const list = <T>(len: number, item: () => T): T[] => Array.from({ length: len }, item);

  const numSigners = u8();
  const numWritableSigners = u8();
  const numWritableNonSigners = u8();
  const accountKeys = list(u8(), pubkey);
  const instructions = list(u8(), () => {
    const programIdIndex = u8();
    const accountIndexes = bytesU8();
    const len = u16();
    need(len);
    const data = Buffer.from(buf.subarray(at, at + len));
    at += len;
    return { programIdIndex, accountIndexes, data };
  });
  const addressTableLookups = list(u8(), () => ({
    accountKey: pubkey(),
    writableIndexes: bytesU8(),
    readonlyIndexes: bytesU8(),
  }));
  if (at !== buf.length) throw new Error(`vault message has ${buf.length - at} trailing bytes`);
  return {
    numSigners,
    numWritableSigners,
    numWritableNonSigners,
    accountKeys,
    instructions,
    addressTableLookups,
  };
}

/** LiteSVM's TransactionErrorFieldless values (same in 0.8 and 1.5) (a `const enum` in its typings, absent at run time). */
export const SvmTxError = {
  ProgramAccountNotFound: 3,
  SignatureFailure: 11,
  InvalidProgramForExecution: 12,
} as const;

/** 1 SOL in lamports. */
export const SOL = 1_000_000_000n;

/**
 * Account data as the Squads program lays it out, encoded by Anchor's coder from the IDL (not by
 * the SDK): a ProgramConfig, and a Multisig with the signers voting and the fee payer proposing
 * and executing — what the program writes when it creates the wallet. Tests write these into a
 * VM that has no Squads program, and say so.
 */
export async function programConfigData(treasury: string): Promise<Buffer> {
  const { BN } = await import('@coral-xyz/anchor');
  return squadsCoder().coder.accounts.encode('ProgramConfig', {
    authority: PublicKey.default,
    multisigCreationFee: new BN(0),
    treasury: new PublicKey(treasury),
    reserved: Array.from({ length: 64 }, () => 0),
  });
}

export async function multisigData(input: {
  createKey: string;
  signers: string[];
  feePayer: string;
  threshold: number;
  transactionIndex?: bigint;
}): Promise<Buffer> {
  const { BN } = await import('@coral-xyz/anchor');
  const members = [
    ...input.signers.map((key) => ({ key: new PublicKey(key), permissions: { mask: 2 } })),
    { key: new PublicKey(input.feePayer), permissions: { mask: 5 } },
  ].sort((a, b) => Buffer.compare(a.key.toBuffer(), b.key.toBuffer()));
  return squadsCoder().coder.accounts.encode('Multisig', {
    createKey: new PublicKey(input.createKey),
    configAuthority: PublicKey.default,
    threshold: input.threshold,
    timeLock: 0,
    transactionIndex: new BN((input.transactionIndex ?? 0n).toString()),
    staleTransactionIndex: new BN(0),
    rentCollector: new PublicKey(input.feePayer),
    bump: 255,
    members,
  });
}
