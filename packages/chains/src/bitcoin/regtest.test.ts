// Real script validation on `litecoind -regtest` (packages/devnet launcher, temp data dir):
// a 2-of-3 P2WSH wallet receives coins, pays out with change, is replaced by fee, confirms,
// survives a reorg check, and is refused with one signature — by this library and by the node;
// and a PSBT the node's own wallet signed and finalized is read back and merged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLitecoindAvailable, startLitecoinRegtest, type LitecoinRegtest } from '@keystead/devnet';
import { Psbt, Transaction } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBitcoinAdapter, type BitcoinAdapter } from './adapter';
import type { WalletUtxo } from './coin-select';
import { walletDescriptors } from './descriptor';
import { isBitcoinError } from './errors';
import { withChecksum } from './descriptor-checksum';
import { verifyMessageForAddress } from './message';
import { buildSpendPsbt } from './psbt-build';
import { BitcoinRpcError, createBitcoinRpc } from './rpc';
import { addPartialSignatures, combinePsbts, finalizePsbt, partialSignatures } from './psbt-sign';
import { buildReplacementPsbt } from './rbf';
import { submittedSignatures } from './submitted-signatures';
import { signPsbtAsSigner, testSigner } from './test-signer';
import { deriveAddress, type MultisigWallet } from './wallet';

const CHAIN = 'ltc-regtest' as const;

describe.skipIf(!isLitecoindAvailable())('Bitcoin-family adapter on litecoind -regtest', () => {
  let dataDir: string;
  let node: LitecoinRegtest;
  let adapter: BitcoinAdapter;
  let miner: string;
  const signers = [11, 12, 13].map((n) => testSigner(CHAIN, new Uint8Array(32).fill(n)));
  const wallet: MultisigWallet = { chain: CHAIN, threshold: 2, keys: signers.map((s) => s.key) };
  const sign = (psbt: string, ...who: number[]) =>
    combinePsbts(
      CHAIN,
      psbt,
      who.map((i) => signPsbtAsSigner(psbt, CHAIN, signers[i]!)),
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'keystead-btc-adapter-'));
    // Litecoin Core relays BIP-125 replacements only with -mempoolreplacement=1 (off by default);
    // the launcher's command line is fixed, so the node's settings.json turns it on.
    mkdirSync(join(dataDir, 'litecoin', 'regtest'), { recursive: true });
    writeFileSync(
      join(dataDir, 'litecoin', 'regtest', 'settings.json'),
      JSON.stringify({ mempoolreplacement: '1' }),
    );
    node = (await startLitecoinRegtest({ dataDir }))!;
    adapter = createBitcoinAdapter({
      chain: CHAIN,
      rpcUrl: node.rpcUrl.replace('http://', `http://${node.rpcUser}:${node.rpcPassword}@`),
    });
    const w = await node.ensureWallet('miner');
    miner = await node.newAddress(w);
    await node.mineBlocks(101, miner);
    // Two payments into the multisig: a receive address and a change address.
    await node.rpc('sendtoaddress', [deriveAddress(wallet, 0, 0).address, 3], { wallet: w });
    await node.rpc('sendtoaddress', [deriveAddress(wallet, 1, 2).address, 1.5], { wallet: w });
    await node.mineBlocks(1, miner);
  }, 90_000);

  afterAll(async () => {
    await node?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('descriptors agree with Litecoin Core (checksum and derived addresses)', async () => {
    const { receive } = walletDescriptors(wallet);
    const info = (await node.rpc('getdescriptorinfo', [receive])) as { checksum: string };
    expect(receive.endsWith(`#${info.checksum}`)).toBe(true);
    const addresses = (await node.rpc('deriveaddresses', [receive, [0, 2]])) as string[];
    expect(addresses).toEqual([0, 1, 2].map((i) => deriveAddress(wallet, 0, i).address));
  });

  it('lists the wallet UTXOs with their branch and index; fee tiers fall back to the floor', async () => {
    const utxos = await adapter.listUtxos(wallet);
    expect(utxos.map((u) => [u.branch, u.index, u.value, u.confirmations]).sort()).toEqual([
      [0, 0, 300_000_000n, 1],
      [1, 2, 150_000_000n, 1],
    ]);
    const fees = await adapter.getFeeTiers();
    expect(fees.unit).toBe('sat/vB');
    expect(fees.tiers.slow.satPerVbyte).toBe(1);
    expect(fees.tiers.fast.satPerVbyte).toBeGreaterThanOrEqual(fees.tiers.standard.satPerVbyte!);
    const sheet = await adapter.getBalances(
      [deriveAddress(wallet, 0, 0).address],
      [{ contract: null, symbol: 'LTC', decimals: 8 }],
    );
    expect([...sheet.values()][0]!.get('native')).toBe(300_000_000n);
  });

  it("previous transactions: each coin's whole transaction, from the index or, without one, from its block", async () => {
    const utxos = await adapter.listUtxos(wallet);
    const outpoints = utxos.map((u) => ({ txid: u.txid, vout: u.vout }));
    const rpcUrl = node.rpcUrl.replace('http://', `http://${node.rpcUser}:${node.rpcPassword}@`);
    const real = createBitcoinRpc(rpcUrl);
    // A node without -txindex finds a confirmed transaction only in the block it names.
    const unindexed = createBitcoinAdapter({
      chain: CHAIN,
      rpc: {
        call: (method, params = []) =>
          method === 'getrawtransaction' && params.length < 3
            ? Promise.reject(new BitcoinRpcError(-5, 'No such mempool transaction', method))
            : real.call(method, params),
      },
    });
    for (const source of [adapter, unindexed]) {
      const found = await source.previousTransactions(outpoints);
      expect(found.map((f) => f.txid).sort()).toEqual([...new Set(outpoints.map((o) => o.txid))].sort());
      for (const utxo of utxos) {
        const tx = Transaction.fromHex(found.find((f) => f.txid === utxo.txid)!.hex);
        expect(tx.getId()).toBe(utxo.txid);
        expect(tx.outs[utxo.vout]!.value).toBe(utxo.value);
      }
    }
    // A spent or unknown coin is not looked for in some block.
    const unknown = { txid: 'ab'.repeat(32), vout: 0 };
    await expect(unindexed.previousTransactions([unknown])).rejects.toSatisfy((e) =>
      isBitcoinError(e, 'RPC_ERROR'),
    );
  });

  it('verifies a message signed by Litecoin Core (Litecoin magic)', async () => {
    const legacy = await node.newAddress('miner', 'legacy');
    const sig = (await node.rpc('signmessage', [legacy, 'keystead challenge 42'], {
      wallet: 'miner',
    })) as string;
    expect(verifyMessageForAddress(CHAIN, legacy, 'keystead challenge 42', sig)).toBe(true);
    expect(verifyMessageForAddress(CHAIN, legacy, 'keystead challenge 43', sig)).toBe(false);
  });

  let utxos: WalletUtxo[];
  let original: { psbt: string; txid: string; fee: bigint; vsize: number; inputs: WalletUtxo[] };
  let outside: string;

  it('pays an outside address with change: one signature is refused, two are accepted by the node', async () => {
    utxos = await adapter.listUtxos(wallet);
    outside = await node.newAddress('miner');
    const built = buildSpendPsbt({
      wallet,
      utxos,
      outputs: [{ address: outside, value: 400_000_000n }],
      feeRate: 2,
      changeIndex: 3,
    });
    expect(built.inputs).toHaveLength(2);
    expect(built.change!.address).toBe(deriveAddress(wallet, 1, 3).address);

    // One signer only: the library refuses to finalize …
    const oneSigned = sign(built.psbt, 1);
    try {
      finalizePsbt(oneSigned, CHAIN);
      expect.unreachable();
    } catch (error) {
      expect(isBitcoinError(error, 'SIGNATURES_BELOW_THRESHOLD')).toBe(true);
    }
    // … and a one-signature witness forced onto the node is rejected by script validation.
    const forced = forceOneSignature(oneSigned, built.psbt);
    const verdict = await adapter.testMempoolAccept(forced);
    expect(verdict.allowed).toBe(false);
    expect(verdict.reason).toMatch(/script-verify|Signature|CHECKMULTISIG|NULLDUMMY|EVAL_FALSE/i);
    await expect(adapter.broadcast(forced)).rejects.toMatchObject({ code: 'BROADCAST_REJECTED_ERROR' });

    const final = finalizePsbt(sign(built.psbt, 0, 2), CHAIN);
    expect(await adapter.testMempoolAccept(final.hex)).toEqual({ allowed: true });
    expect(await adapter.broadcast(final.hex)).toBe(final.txid);
    // Idempotent: sending it again is success.
    expect(await adapter.broadcast(final.hex)).toBe(final.txid);
    expect(await adapter.getTransactionStatus(final.txid)).toMatchObject({ state: 'mempool' });
    original = {
      psbt: built.psbt,
      txid: final.txid,
      fee: final.fee,
      vsize: final.vsize,
      inputs: built.inputs,
    };
  });

  it('replace-by-fee: too low is refused, a higher fee replaces the original in the mempool', async () => {
    const base = {
      wallet,
      originalPsbt: original.psbt,
      originalFee: original.fee,
      originalVsize: original.vsize,
      inputs: original.inputs,
    };
    expect(() => buildReplacementPsbt({ ...base, feeRate: 2.5 })).toThrow(/below/);
    const bumped = buildReplacementPsbt({ ...base, feeRate: 10 });
    const final = finalizePsbt(sign(bumped.psbt, 1, 2), CHAIN);
    expect(final.txid).not.toBe(original.txid);
    expect(await adapter.broadcast(final.hex)).toBe(final.txid);
    const mempool = (await node.rpc('getrawmempool')) as string[];
    expect(mempool).toContain(final.txid);
    expect(mempool).not.toContain(original.txid);
    // Re-sending the evicted original is now a fee conflict.
    await expect(
      adapter.broadcast(Transaction.fromHex(finalizePsbt(sign(original.psbt, 0, 1), CHAIN).hex).toHex()),
    ).rejects.toMatchObject({
      code: 'RBF_FEE_RATE_TOO_LOW_ERROR',
    });
    original = { ...original, txid: final.txid };
  });

  it('confirms after mining, and detects a reorg that drops the block', async () => {
    const [block] = await node.mineBlocks(1, miner);
    const confirmed = await adapter.getTransactionStatus(original.txid);
    expect(confirmed).toMatchObject({ state: 'confirmed', blockHash: block, confirmations: 1 });
    expect(await adapter.getConfirmation(original.txid)).toMatchObject({
      state: 'confirmed',
      confirmations: 1,
    });
    const change = await adapter.listUtxos(wallet);
    expect(change.map((u) => [u.branch, u.index])).toEqual([[1, 3]]);

    await node.rpc('invalidateblock', [block]);
    expect(await adapter.getTransactionStatus(original.txid, block)).toMatchObject({ state: 'reorged' });
    await node.rpc('reconsiderblock', [block]);
    expect(await adapter.getTransactionStatus(original.txid, block)).toMatchObject({
      state: 'confirmed',
      confirmations: 1,
    });
  });

  it('reads the signatures out of a PSBT Litecoin Core signed and finalized (walletprocesspsbt)', async () => {
    await node.rpc('sendtoaddress', [deriveAddress(wallet, 0, 5).address, 2], { wallet: 'miner' });
    await node.mineBlocks(1, miner);
    const coin = (await adapter.listUtxos(wallet)).find((u) => u.branch === 0 && u.index === 5)!;
    const built = buildSpendPsbt({
      wallet,
      utxos: [coin],
      chosen: [`${coin.txid}:${coin.vout}`],
      outputs: [{ address: await node.newAddress('miner'), value: 100_000_000n }],
      feeRate: 2,
      changeIndex: 6,
    });
    // The platform's stored PSBT holds key 1's signature; key 2 signs it in a Litecoin Core wallet.
    const stored = combinePsbts(CHAIN, built.psbt, [signPsbtAsSigner(built.psbt, CHAIN, signers[0]!)]);
    // Debian's litecoind has no sqlite (no descriptor wallets): a blank legacy wallet gets key 2's
    // account tprv, with its key origin, through importmulti's descriptor form.
    await node.rpc('createwallet', ['cosigner', false, true]);
    const account = signers[1]!.master.derivePath(signers[1]!.key.path).toBase58();
    const body = walletDescriptors(wallet).receive.split('#')[0]!.replace(signers[1]!.key.xpub, account);
    const imported = (await node.rpc(
      'importmulti',
      [[{ desc: withChecksum(body), range: [0, 10], timestamp: 'now', watchonly: false }]],
      { wallet: 'cosigner' },
    )) as { success: boolean }[];
    expect(imported).toEqual([expect.objectContaining({ success: true })]);
    const processed = (await node.rpc('walletprocesspsbt', [stored], { wallet: 'cosigner' })) as {
      psbt: string;
      complete: boolean;
    };

    // The node finalized: final witness, partial signatures dropped.
    expect(processed.complete).toBe(true);
    const inputs = Psbt.fromBase64(processed.psbt).data.inputs;
    expect(inputs.every((i) => i.finalScriptWitness && !i.partialSig)).toBe(true);
    expect(partialSignatures(processed.psbt, CHAIN)).toEqual([]);

    const sigs = submittedSignatures(processed.psbt, stored, CHAIN);
    const byKey = deriveAddress(wallet, 0, 5).derivations;
    const pubkeyOf = (signer: number) =>
      Buffer.from(byKey.find((d) => d.signerIndex === signer)!.pubkey).toString('hex');
    expect(sigs.map((s) => s.pubkey).sort()).toEqual([pubkeyOf(0), pubkeyOf(1)].sort());
    expect(sigs.find((s) => s.pubkey === pubkeyOf(0))).toEqual(partialSignatures(stored, CHAIN)[0]);

    // Merged, the stored PSBT stays unfinalized with both partial signatures; it finalizes here.
    const merged = addPartialSignatures(stored, CHAIN, sigs);
    const mergedInput = Psbt.fromBase64(merged).data.inputs[0]!;
    expect(mergedInput.partialSig).toHaveLength(2);
    expect(mergedInput.finalScriptWitness).toBeUndefined();
    const final = finalizePsbt(merged, CHAIN);
    expect(await adapter.testMempoolAccept(final.hex)).toEqual({ allowed: true });
    expect(await adapter.broadcast(final.hex)).toBe(final.txid);
    await node.mineBlocks(1, miner);
    expect(await adapter.getTransactionStatus(final.txid)).toMatchObject({
      state: 'confirmed',
      confirmations: 1,
    });
  });
});

/** A fully "finalized" transaction carrying one signature where two are needed (bypasses the library's check). */
function forceOneSignature(oneSigned: string, unsigned: string): string {
  const sigs = partialSignatures(oneSigned, CHAIN);
  const psbt = Psbt.fromBase64(unsigned);
  const tx = Transaction.fromBuffer(Buffer.from(psbt.data.globalMap.unsignedTx.toBuffer()));
  const scripts = psbt.data.inputs.map((input) => input.witnessScript!);
  tx.ins.forEach((input, i) => {
    const sig = sigs.find((s) => s.inputIndex === i)!;
    input.witness = [Buffer.alloc(0), Buffer.from(sig.signature, 'hex'), scripts[i]!];
  });
  return tx.toHex();
}
