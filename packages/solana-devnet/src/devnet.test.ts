// The devnet through an unmodified web3.js Connection: SOL transfers run by the VM, refusals
// (bad signature, expired blockhash, failed preflight), blockhash turnover and cluster methods.
import {
  AddressLookupTableProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  sendAndConfirmTransaction,
  SendTransactionError,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolanaDevnet } from './index.js';
import { call, fundedKey, post, signed, startTestDevnet, transfer } from './test-helpers.js';

let devnet: SolanaDevnet;
let connection: Connection;

beforeAll(async () => {
  ({ devnet, connection } = await startTestDevnet());
});
afterAll(() => devnet.close());

/** What sending `raw` did: the error web3.js threw (or null) and the error code of the reply. */
async function sendRaw(raw: Buffer | Uint8Array, skipPreflight = false) {
  try {
    return { signature: await connection.sendRawTransaction(raw, { skipPreflight }), error: null };
  } catch (e) {
    return { signature: null, error: e as SendTransactionError };
  }
}

describe('transactions', () => {
  it('a SOL transfer is confirmed and moves exactly amount + fee', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const before = await connection.getBalance(alice.publicKey);
    const tx = await signed(connection, [transfer(alice, bob, 1_234_567)], [alice]);
    const fee = (await connection.getFeeForMessage(tx.compileMessage())).value;
    expect(fee).toBe(5000);

    const signature = await sendAndConfirmTransaction(connection, tx, [alice]);

    expect(await connection.getBalance(bob)).toBe(1_234_567);
    expect(await connection.getBalance(alice.publicKey)).toBe(before - 1_234_567 - 5000);
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized', confirmations: null });
    const recorded = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(recorded?.meta).toMatchObject({ err: null, fee: 5000 });
    expect(recorded?.meta?.preBalances.slice(0, 2)).toEqual([before, 0]);
    expect(recorded?.meta?.postBalances.slice(0, 2)).toEqual([before - 1_234_567 - 5000, 1_234_567]);
  });

  it('every applied transaction moves the slot on and brings a new blockhash', async () => {
    const alice = fundedKey(devnet);
    const first = await connection.getLatestBlockhash();
    const slot = await connection.getSlot();
    await sendAndConfirmTransaction(
      connection,
      await signed(connection, [transfer(alice, alice.publicKey, 1)], [alice]),
      [alice],
    );
    const next = await connection.getLatestBlockhash();
    expect(next.blockhash).not.toBe(first.blockhash);
    expect(next.lastValidBlockHeight).toBe(first.lastValidBlockHeight + 1);
    expect(await connection.getSlot()).toBe(slot + 1);
    expect(await connection.getBlockHeight()).toBe(slot + 1);
  });

  it('a transaction with one tampered signature byte is refused by the VM and changes nothing', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const before = await connection.getBalance(alice.publicKey);
    const raw = (await signed(connection, [transfer(alice, bob, 1_000_000)], [alice])).serialize();
    raw[1 + 10]! ^= 0x01; // byte 0 counts the signatures; the first signature follows

    for (const skipPreflight of [false, true]) {
      const { error } = await sendRaw(raw, skipPreflight);
      expect(error).toBeInstanceOf(SendTransactionError);
      expect(error?.message).toContain('Transaction signature verification failure');
    }
    expect(await connection.getBalance(alice.publicKey)).toBe(before);
    expect(await connection.getBalance(bob)).toBe(0);
  });

  it('a transaction missing a signature is refused as a bad signature and changes nothing', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const { blockhash } = await connection.getLatestBlockhash();
    const unsigned = new Transaction({ feePayer: alice.publicKey, recentBlockhash: blockhash })
      .add(transfer(alice, bob, 1_000_000))
      .serialize({ requireAllSignatures: false }); // an all-zero signature
    for (const skipPreflight of [false, true]) {
      const reply = await call(devnet, 'sendTransaction', [
        unsigned.toString('base64'),
        { encoding: 'base64', skipPreflight },
      ]);
      expect(reply.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });
    }
    expect(await connection.getBalance(bob)).toBe(0);
  });

  it('a v0 transaction goes through a lookup table created on a recent slot', async () => {
    const alice = fundedKey(devnet);
    const bob = Keypair.generate().publicKey;
    const recentSlot = await connection.getSlot();
    expect(devnet.svm.getClock().slot).toBe(BigInt(recentSlot)); // the VM's clock is the devnet's slot
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: alice.publicKey,
      payer: alice.publicKey,
      recentSlot,
    });
    const extend = AddressLookupTableProgram.extendLookupTable({
      authority: alice.publicKey,
      payer: alice.publicKey,
      lookupTable: table,
      addresses: [bob],
    });
    devnet.advance(); // the table's slot must be a past one (in SlotHashes), as on a node
    await sendAndConfirmTransaction(connection, await signed(connection, [create, extend], [alice]), [alice]);
    const lookupTable = (await connection.getAddressLookupTable(table)).value;
    expect(lookupTable?.state.addresses.map((a) => a.toBase58())).toEqual([bob.toBase58()]);

    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      instructions: [transfer(alice, bob, 1_500_000)],
    }).compileToV0Message([lookupTable!]);
    expect(message.addressTableLookups).toHaveLength(1);
    const tx = new VersionedTransaction(message);
    tx.sign([alice]);
    const signature = await connection.sendTransaction(tx);

    expect(await connection.getBalance(bob)).toBe(1_500_000);
    const recorded = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(recorded?.version).toBe(0);
    expect(recorded?.meta?.loadedAddresses).toEqual({ writable: [bob], readonly: [] });
    expect(recorded?.meta?.postBalances[2]).toBe(1_500_000); // bob: after alice and the System program
  });

  it('a blockhash is accepted for 150 slots and refused after that, like on a node', async () => {
    const alice = fundedKey(devnet);
    const old = await connection.getLatestBlockhash();
    for (let i = 0; i < 149; i++) devnet.advance();
    // Age 149, then 150 (each applied transaction is one more slot): both still valid.
    for (const lamports of [1, 2]) {
      const tx = await signed(
        connection,
        [transfer(alice, alice.publicKey, lamports)],
        [alice],
        old.blockhash,
      );
      expect((await sendRaw(tx.serialize())).error).toBeNull();
    }
    expect(await connection.getBlockHeight()).toBe(old.lastValidBlockHeight + 1);
    expect((await connection.isBlockhashValid(old.blockhash)).value).toBe(false);
    const before = await connection.getBalance(alice.publicKey);
    const late = await signed(connection, [transfer(alice, alice.publicKey, 3)], [alice], old.blockhash);
    const { error } = await sendRaw(late.serialize());
    expect(error?.message).toContain('Transaction simulation failed: Blockhash not found');
    expect((await sendRaw(late.serialize(), true)).error?.message).toContain('Blockhash not found');
    expect(await connection.getBalance(alice.publicKey)).toBe(before);
  });

  it('a blockhash the devnet never issued is refused', async () => {
    const alice = fundedKey(devnet);
    const made_up = Keypair.generate().publicKey.toBase58();
    const tx = await signed(connection, [transfer(alice, alice.publicKey, 1)], [alice], made_up);
    expect((await sendRaw(tx.serialize())).error?.message).toContain('Blockhash not found');
  });

  it('a failing transaction is refused by preflight with its logs; with skipPreflight it pays its fee', async () => {
    const alice = fundedKey(devnet, 1);
    const bob = Keypair.generate().publicKey;
    const before = await connection.getBalance(alice.publicKey);
    const tooMuch = await signed(connection, [transfer(alice, bob, 2 * LAMPORTS_PER_SOL)], [alice]);
    const { error } = await sendRaw(tooMuch.serialize());
    expect(error?.message).toContain(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    );
    expect(error?.logs?.join('\n')).toContain('insufficient lamports');
    expect(await connection.getBalance(alice.publicKey)).toBe(before);

    const { signature } = await sendRaw(tooMuch.serialize(), true);
    expect(signature).not.toBeNull();
    const status = (await connection.getSignatureStatus(signature!)).value;
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(alice.publicKey)).toBe(before - 5000);
    expect(await connection.getBalance(bob)).toBe(0);
  });
});

describe('cluster methods and the JSON-RPC envelope', () => {
  it('answers a batch in order, with -32601 for an unknown method', async () => {
    const alice = fundedKey(devnet, 3);
    const { body } = await post(devnet, '/', [
      { jsonrpc: '2.0', id: 'a', method: 'getBalance', params: [alice.publicKey.toBase58()] },
      { jsonrpc: '2.0', id: 'b', method: 'getSlot' },
      { jsonrpc: '2.0', id: 'c', method: 'noSuchMethod', params: [] },
    ]);
    expect(body).toHaveLength(3);
    expect(body[0]).toMatchObject({ jsonrpc: '2.0', id: 'a', result: { value: 3 * LAMPORTS_PER_SOL } });
    expect(body[1]).toEqual({ jsonrpc: '2.0', id: 'b', result: await connection.getSlot() });
    expect(body[2]).toEqual({
      jsonrpc: '2.0',
      id: 'c',
      error: { code: -32601, message: 'Method not found' },
    });
    expect((await post(devnet, '/', [])).body.error.code).toBe(-32600);
    expect((await call(devnet, 'getBalance', ['not-an-address'])).error.code).toBe(-32602);
  });

  it('reports sane cluster information', async () => {
    const slot = await connection.getSlot();
    const epoch = await connection.getEpochInfo();
    expect(epoch).toMatchObject({ absoluteSlot: slot, blockHeight: slot });
    expect(epoch.slotIndex).toBeLessThan(epoch.slotsInEpoch);
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await call(devnet, 'getHealth')).result).toBe('ok');
    expect(await connection.getGenesisHash()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull();
  });

  it('has the SPL programs LiteSVM loads by default', async () => {
    const programs = [
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token
      'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', // Token-2022
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', // Associated Token Account
      'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', // Memo
    ];
    for (const program of programs) {
      const account = await connection.getAccountInfo(new PublicKey(program));
      expect(account?.executable, program).toBe(true);
    }
  });
});
