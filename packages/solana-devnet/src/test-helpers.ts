// Shared by the tests: a devnet with a web3.js Connection, funded keys, and raw JSON-RPC calls.
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  type PublicKey,
  type TransactionInstruction,
} from '@solana/web3.js';
import { startSolanaDevnet, type SolanaDevnet } from './index.js';

export async function startTestDevnet(): Promise<{ devnet: SolanaDevnet; connection: Connection }> {
  const devnet = await startSolanaDevnet({ port: 0 });
  return { devnet, connection: new Connection(devnet.url, 'confirmed') };
}

export function fundedKey(devnet: SolanaDevnet, sol = 10): Keypair {
  const key = Keypair.generate();
  devnet.airdrop(key.publicKey.toBase58(), BigInt(sol * LAMPORTS_PER_SOL));
  return key;
}

export type Reply = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POSTs `body` as JSON to the devnet (`path` '/' is JSON-RPC) and returns the status and reply. */
export async function post(devnet: SolanaDevnet, path: string, body: unknown) {
  const response = await fetch(devnet.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Reply };
}

/** One JSON-RPC call over plain HTTP; the whole reply ({result} or {error}). */
export async function call(devnet: SolanaDevnet, method: string, params: unknown[] = []): Promise<Reply> {
  return (await post(devnet, '/', { jsonrpc: '2.0', id: 1, method, params })).body;
}

/** A legacy transaction on the current blockhash, signed by `signers` (the first pays). */
export async function signed(
  connection: Connection,
  instructions: TransactionInstruction[],
  signers: Keypair[],
  recentBlockhash?: string,
): Promise<Transaction> {
  const blockhash = recentBlockhash ?? (await connection.getLatestBlockhash()).blockhash;
  const tx = new Transaction({ feePayer: signers[0]!.publicKey, recentBlockhash: blockhash });
  tx.add(...instructions).sign(...signers);
  return tx;
}

export const transfer = (from: Keypair, to: PublicKey, lamports: number) =>
  SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports });
