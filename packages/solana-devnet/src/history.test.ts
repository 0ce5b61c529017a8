// The recorded history (getSignaturesForAddress, getTransaction, getRecentPrioritizationFees),
// simulation, and the WebSocket signature notification.
import {
  ComputeBudgetProgram,
  Keypair,
  sendAndConfirmTransaction,
  Transaction,
  TransactionInstruction,
  PublicKey,
  type Connection,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from './base58.js';
import type { SolanaDevnet } from './index.js';
import { call, fundedKey, signed, startTestDevnet, transfer } from './test-helpers.js';

let devnet: SolanaDevnet;
let connection: Connection;

beforeAll(async () => {
  ({ devnet, connection } = await startTestDevnet());
});
afterAll(() => devnet.close());

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const memo = (text: string, signer: Keypair) =>
  new TransactionInstruction({
    programId: MEMO_PROGRAM,
    keys: [{ pubkey: signer.publicKey, isSigner: true, isWritable: false }],
    data: Buffer.from(text),
  });

describe('history', () => {
  it('lists an address’s signatures newest first, with limit, before and until', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const sent: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const tx = await signed(
        connection,
        [transfer(alice, bob, 1_000_000 * i), memo(`payment ${i}`, alice)],
        [alice],
      );
      sent.push(await sendAndConfirmTransaction(connection, tx, [alice]));
    }
    const all = await connection.getSignaturesForAddress(bob);
    expect(all.map((s) => s.signature)).toEqual([...sent].reverse());
    expect(all[0]).toMatchObject({ err: null, memo: '[9] payment 4', confirmationStatus: 'finalized' });
    expect(all[0]!.slot).toBeGreaterThan(all[1]!.slot);

    const page = await connection.getSignaturesForAddress(bob, { limit: 2, before: sent[3] });
    expect(page.map((s) => s.signature)).toEqual([sent[2], sent[1]]);
    const until = await connection.getSignaturesForAddress(bob, { until: sent[1] });
    expect(until.map((s) => s.signature)).toEqual([sent[3], sent[2]]);
    // The faucet's airdrop counts for alice too.
    expect((await connection.getSignaturesForAddress(alice.publicKey)).length).toBe(5);
  });

  it('returns a sent transaction in json, jsonParsed and base64', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const tx = await signed(connection, [transfer(alice, bob, 1_042_000)], [alice]);
    const signature = await sendAndConfirmTransaction(connection, tx, [alice]);

    const json = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(json?.version).toBe('legacy');
    expect(json?.transaction.signatures[0]).toBe(signature);
    expect(json?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toEqual(
      tx.compileMessage().accountKeys.map((k) => k.toBase58()),
    );
    expect(json?.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success');
    expect(json?.blockTime).toBeGreaterThan(1_600_000_000);

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed?.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true });
    expect(parsed?.transaction.message.instructions[0]?.programId.toBase58()).toBe(
      '11111111111111111111111111111111',
    );

    const base64 = await call(devnet, 'getTransaction', [signature, { encoding: 'base64' }]);
    expect(base64.result.transaction).toEqual([tx.serialize().toString('base64'), 'base64']);
    expect(base64.result.meta.status).toEqual({ Ok: null });
    expect(
      (await call(devnet, 'getTransaction', [Keypair.generate().publicKey.toBase58()])).result,
    ).toBeNull();
  });

  it('reports the compute-unit price of recent transactions', async () => {
    const alice = fundedKey(devnet);
    const before = await connection.getBalance(alice.publicKey);
    const tx = await signed(
      connection,
      [
        ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 2_000_000 }),
        transfer(alice, alice.publicKey, 1),
      ],
      [alice],
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [alice]);
    const { slot } = (await connection.getSignatureStatus(signature)).value!;

    const fees = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [alice.publicKey] });
    expect(fees).toContainEqual({ slot, prioritizationFee: 2_000_000 });
    const elsewhere = [Keypair.generate().publicKey];
    expect(await connection.getRecentPrioritizationFees({ lockedWritableAccounts: elsewhere })).toEqual([]);
    // 5000 for the signature and 10_000 CU at 2 lamports each.
    expect(await connection.getBalance(alice.publicKey)).toBe(before - 5000 - 20_000);
    const meta = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.meta;
    expect(meta?.fee).toBe(25_000);
  });

  it('notifies a signature subscription when the transaction is applied', async () => {
    const alice = fundedKey(devnet);
    const later = await signed(connection, [transfer(alice, alice.publicKey, 7)], [alice]);
    const signature = encodeBase58(later.signature!);
    const notified = new Promise((resolve) => connection.onSignature(signature, resolve, 'confirmed'));
    // Confirming another transaction needs its own subscription acknowledged; the first one was
    // sent before it on the same socket, so it is in place too.
    const other = await signed(connection, [transfer(alice, alice.publicKey, 8)], [alice]);
    await sendAndConfirmTransaction(connection, other, [alice]);
    await connection.sendRawTransaction(later.serialize());
    expect(await notified).toEqual({ err: null });
  });
});

describe('simulation', () => {
  it('simulates an unsigned transaction and does not apply it', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: alice.publicKey, recentBlockhash: blockhash }).add(
      transfer(alice, bob, 1_000_000),
    );
    const result = await connection.simulateTransaction(tx);
    expect(result.value.err).toBeNull();
    expect(result.value.logs).toContain('Program 11111111111111111111111111111111 success');
    expect(await connection.getBalance(bob)).toBe(0);

    const unsigned = tx.serialize({ requireAllSignatures: false }).toString('base64');
    const strict = await call(devnet, 'simulateTransaction', [
      unsigned,
      { encoding: 'base64', sigVerify: true },
    ]);
    expect(strict.error.code).toBe(-32003);
  });

  it('replaces an expired blockhash when asked, and reports the accounts afterwards', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const tx = await signed(
      connection,
      [transfer(alice, bob, 1_000_000)],
      [alice],
      Keypair.generate().publicKey.toBase58(),
    );
    const raw = tx.serialize().toString('base64');
    const stale = await call(devnet, 'simulateTransaction', [raw, { encoding: 'base64' }]);
    expect(stale.result.value.err).toBe('BlockhashNotFound');

    const accounts = { addresses: [bob.toBase58()], encoding: 'base64' };
    const config = { encoding: 'base64', replaceRecentBlockhash: true, accounts };
    const fresh = await call(devnet, 'simulateTransaction', [raw, config]);
    expect(fresh.result.value.err).toBeNull();
    expect(fresh.result.value.replacementBlockhash.blockhash).toBe(
      (await connection.getLatestBlockhash()).blockhash,
    );
    expect(fresh.result.value.accounts[0].lamports).toBe(1_000_000);
    expect(await connection.getBalance(bob)).toBe(0);
  });
});
