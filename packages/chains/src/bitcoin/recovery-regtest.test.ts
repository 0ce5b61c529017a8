// The recovery-path wallet on `litecoind -regtest` (packages/devnet launcher, temp data dir):
// the node agrees on the address, the signers spend k of n at once, and the recovery key alone
// is refused until the coin has N confirmations (BIP-68), then accepted and mined.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isLitecoindAvailable,
  mineToCsvActive,
  startLitecoinRegtest,
  type LitecoinRegtest,
} from '@keystead/devnet';
import { Psbt, Transaction } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletUtxo } from './coin-select';
import { coinsToSats } from './rpc';
import { encodeSignature } from './der';
import { buildRecoverySpendPsbt, type RecoverySpendPath } from './recovery-build';
import { addRecoverySignatures, finalizeRecoveryPsbt } from './recovery-sign';
import { deriveRecoveryAddress, type RecoveryWallet } from './recovery-script';
import { signRecoveryPsbt } from './recovery-test-signer';
import { segwitV0Digest } from './sighash';
import { testSigner } from './test-signer';

const CHAIN = 'ltc-regtest' as const;
const N = 10;

describe.skipIf(!isLitecoindAvailable())('recovery path on litecoind -regtest', () => {
  let dataDir: string;
  let node: LitecoinRegtest;
  let miner: string;
  const signers = [21, 22, 23].map((n) => testSigner(CHAIN, new Uint8Array(32).fill(n)));
  const recoverer = testSigner(CHAIN, new Uint8Array(32).fill(29));
  const wallet: RecoveryWallet = {
    chain: CHAIN,
    threshold: 2,
    keys: signers.map((s) => s.key),
    recovery: { key: recoverer.key, blocks: N },
  };
  const forRecovery = deriveRecoveryAddress(wallet, 0, 0);
  const forSigners = deriveRecoveryAddress(wallet, 0, 1);
  let recoveryCoin: WalletUtxo;
  let signersCoin: WalletUtxo;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'keystead-btc-recovery-'));
    node = (await startLitecoinRegtest({ dataDir }))!;
    await node.ensureWallet('miner');
    miner = await node.newAddress('miner');
    // Past CSV/MWEB activation: the relative lock is then consensus, not only mempool policy.
    await mineToCsvActive(node, 'miner', miner);
    const txid = (await node.rpc('sendmany', ['', { [forRecovery.address]: 2, [forSigners.address]: 1 }], {
      wallet: 'miner',
    })) as string;
    await node.mineBlocks(1, miner);
    const tx = (await node.rpc('getrawtransaction', [txid, true])) as {
      vout: { n: number; value: number; scriptPubKey: { hex: string } }[];
    };
    const coinAt = (address: typeof forRecovery): WalletUtxo => {
      const out = tx.vout.find(
        (o) => o.scriptPubKey.hex === Buffer.from(address.scriptPubKey).toString('hex'),
      )!;
      return {
        txid,
        vout: out.n,
        value: coinsToSats(out.value),
        branch: address.branch,
        index: address.index,
      };
    };
    recoveryCoin = coinAt(forRecovery);
    signersCoin = coinAt(forSigners);
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const confirmations = async (coin: WalletUtxo) =>
    ((await node.rpc('gettxout', [coin.txid, coin.vout])) as { confirmations: number }).confirmations;

  const sweep = async (coin: WalletUtxo, path: RecoverySpendPath) =>
    buildRecoverySpendPsbt({
      wallet,
      path,
      utxos: [coin],
      outputs: [{ address: await node.newAddress('miner'), value: 0n }],
      feeRate: 2,
      changeIndex: 0,
      sendMax: true,
    });

  it('litecoind decodes the witness script to the same P2WSH address', async () => {
    for (const derived of [forRecovery, forSigners]) {
      const decoded = (await node.rpc('decodescript', [
        Buffer.from(derived.witnessScript).toString('hex'),
      ])) as {
        segwit: { hex: string; addresses?: string[]; address?: string };
      };
      expect(decoded.segwit.addresses?.[0] ?? decoded.segwit.address).toBe(derived.address);
      expect(decoded.segwit.hex).toBe(Buffer.from(derived.scriptPubKey).toString('hex'));
    }
    // Litecoin Core 0.21 cannot parse miniscript descriptors (getdescriptorinfo answers "A function
    // is needed within P2WSH"), so the descriptor's checksum is only checked in the unit tests.
  });

  it('the signers spend k of n at once (one confirmation)', async () => {
    expect(await confirmations(signersCoin)).toBe(1);
    const built = await sweep(signersCoin, 'multisig');
    const signed = addRecoverySignatures(built.psbt, CHAIN, 'multisig', [
      ...signRecoveryPsbt(built.psbt, CHAIN, 'multisig', signers[0]!),
      ...signRecoveryPsbt(built.psbt, CHAIN, 'multisig', signers[2]!),
    ]);
    const final = finalizeRecoveryPsbt(signed, CHAIN, 'multisig');
    expect(await node.rpc('sendrawtransaction', [final.hex])).toBe(final.txid);
    await node.mineBlocks(1, miner);
    const mined = (await node.rpc('getrawtransaction', [final.txid, true])) as { confirmations: number };
    expect(mined.confirmations).toBe(1);
  });

  it('the recovery key alone: refused at N−1 confirmations (non-BIP68-final), accepted and mined at N', async () => {
    const built = await sweep(recoveryCoin, 'recovery');
    const sigs = signRecoveryPsbt(built.psbt, CHAIN, 'recovery', recoverer);
    const final = finalizeRecoveryPsbt(
      addRecoverySignatures(built.psbt, CHAIN, 'recovery', sigs),
      CHAIN,
      'recovery',
    );
    const recoveryKey = Buffer.from(forRecovery.recovery.pubkey).toString('hex');
    expect(final.satisfactions).toEqual([`<sig(${recoveryKey})> 0 0 0`]);

    await node.mineBlocks(N - 1 - (await confirmations(recoveryCoin)), miner);
    expect(await confirmations(recoveryCoin)).toBe(N - 1);
    const early = (await node.rpc('testmempoolaccept', [[final.hex]])) as {
      allowed: boolean;
      'reject-reason'?: string;
    }[];
    expect(early[0]).toMatchObject({ allowed: false, 'reject-reason': 'non-BIP68-final' });
    await expect(node.rpc('sendrawtransaction', [final.hex])).rejects.toThrow(/non-BIP68-final/);

    // A smaller nSequence (N−1) would pass BIP-68 now; the script's CHECKSEQUENCEVERIFY refuses it.
    const cheat = signedWithSequence(built.psbt, N - 1);
    const cheatVerdict = (await node.rpc('testmempoolaccept', [[cheat]])) as { 'reject-reason'?: string }[];
    expect(cheatVerdict[0]!['reject-reason']).toMatch(/Locktime requirement not satisfied/);

    await node.mineBlocks(1, miner);
    expect(await confirmations(recoveryCoin)).toBe(N);
    expect(await node.rpc('getblockcount')).toBeGreaterThanOrEqual(432); // CSV in consensus
    expect(await node.rpc('sendrawtransaction', [final.hex])).toBe(final.txid);
    await node.mineBlocks(1, miner);
    const mined = (await node.rpc('getrawtransaction', [final.txid, true])) as { confirmations: number };
    expect(mined.confirmations).toBe(1);
  });

  /**
   * The recovery spend with its nSequence lowered, signed by the recovery key and given the
   * satisfier's witness shape by hand (the library refuses to build or sign such a transaction).
   */
  function signedWithSequence(psbtBase64: string, sequence: number): string {
    const psbt = Psbt.fromBase64(psbtBase64);
    const tx = Transaction.fromBuffer(Buffer.from(psbt.data.globalMap.unsignedTx.toBuffer()));
    tx.ins[0]!.sequence = sequence;
    const digest = segwitV0Digest(tx, 0, forRecovery.witnessScript, recoveryCoin.value, 0x01);
    const key = recoverer.master.derivePath(forRecovery.recovery.path).privateKey!;
    const sig = encodeSignature(ecc.sign(digest, key), 0x01);
    const empty = Buffer.alloc(0);
    tx.ins[0]!.witness = [sig, empty, empty, empty, Buffer.from(forRecovery.witnessScript)];
    return tx.toHex();
  }
});
