// The family adapter contract on a Litecoin 2-of-3 P2WSH wallet on `litecoind -regtest`
// (skipped when litecoind is not installed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLitecoindAvailable, startLitecoinRegtest } from '@keystead/devnet';
import { Psbt } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { describeFamilyContract, type FamilyContractHarness } from '../family-contract';
import { familyAdapter } from '../family-table';
import { createBitcoinAdapter } from './adapter';
import { encodeSignature } from './der';
import { bitcoinNetwork } from './networks';
import { signingRequests } from './psbt-sign';
import { signPsbtAsSigner, testSigner, type TestSigner } from './test-signer';
import { deriveAddress, type MultisigWallet } from './wallet';

const CHAIN = 'ltc-regtest' as const;
const network = bitcoinNetwork(CHAIN).bitcoinjs;

/** `psbt` with one partial signature per input, made by `signer`'s key over `digest(input)`. */
function withSignatures(
  psbt: string,
  signer: TestSigner,
  pathOf: (keys: { fingerprint: string | null; path: string | null }[]) => string,
  digestOf: (inputIndex: number, own: string) => string,
): string {
  const out = Psbt.fromBase64(psbt, { network });
  for (const request of signingRequests(psbt, CHAIN)) {
    const child = signer.master.derivePath(pathOf(request.keys));
    const digest = Buffer.from(digestOf(request.inputIndex, request.sighash), 'hex');
    const signature = encodeSignature(ecc.sign(digest, child.privateKey!), request.sighashType);
    out.updateInput(request.inputIndex, {
      partialSig: [{ pubkey: Buffer.from(child.publicKey), signature: Buffer.from(signature) }],
    });
  }
  return out.toBase64();
}

async function startBitcoinHarness(): Promise<FamilyContractHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keystead-family-contract-'));
  const node = (await startLitecoinRegtest({ dataDir }))!;
  const chain = createBitcoinAdapter({
    chain: CHAIN,
    rpcUrl: node.rpcUrl.replace('http://', `http://${node.rpcUser}:${node.rpcPassword}@`),
  });
  const signers = [21, 22, 23].map((n) => testSigner(CHAIN, new Uint8Array(32).fill(n)));
  const outsider = testSigner(CHAIN, new Uint8Array(32).fill(99));
  const multisig: MultisigWallet = { chain: CHAIN, threshold: 2, keys: signers.map((s) => s.key) };
  const miner = await node.newAddress(await node.ensureWallet('miner'));
  await node.mineBlocks(101, miner);
  const address = deriveAddress(multisig, 0, 0).address;
  await node.rpc('sendtoaddress', [address, 5], { wallet: 'miner' });
  await node.mineBlocks(1, miner);
  const wallet = { address, threshold: 2, keys: multisig.keys, nextReceiveIndex: 1, nextChangeIndex: 0 };
  const keyPath = (index: number) => (keys: { fingerprint: string | null; path: string | null }[]) =>
    keys.find((k) => k.fingerprint === signers[index]!.key.fingerprint)!.path!;

  return {
    adapter: familyAdapter(chain)!,
    wallet,
    signerKeys: multisig.keys.map((k) => k.xpub),
    setup: {
      signers: multisig.keys.map((k) => ({
        family: 'BTC',
        chainKey: CHAIN,
        address: k.xpub,
        fingerprint: k.fingerprint,
        derivationPath: k.path,
      })),
      foreign: {
        family: 'EVM',
        chainKey: '',
        address: signers[0]!.key.xpub,
        fingerprint: null,
        derivationPath: null,
      },
    },
    amount: 50_000_000n,
    fee: { tier: 'custom', rate: '2' },
    newRecipient: () => node.newAddress('miner'),
    sign: async (index, stored) => ({ psbt: signPsbtAsSigner(stored.payload, CHAIN, signers[index]!) }),
    // An outside key signs the right digest: its key is in no input's script.
    signAsNonSigner: async (stored) => ({
      psbt: withSignatures(stored.payload, outsider, keyPath(0), (_i, own) => own),
    }),
    // The wallet key signs, in this transfer's PSBT, the other transfer's digest of the input.
    signOtherBytes: async (index, stored, other) => {
      const theirs = signingRequests(other.payload, CHAIN);
      return {
        psbt: withSignatures(stored.payload, signers[index]!, keyPath(index), (i) => theirs[i]!.sighash),
      };
    },
    forge: (submission) => {
      const psbt = Psbt.fromBase64(submission.psbt!, { network });
      // A byte inside R of the first partial signature: still strict DER, no longer the key's.
      const partial = psbt.data.inputs[0]!.partialSig![0]!;
      const signature = Buffer.from(partial.signature);
      signature[10] = signature[10]! ^ 0x01;
      partial.signature = signature;
      return { psbt: psbt.toBase64() };
    },
    mine: async () => {
      // A fresh coinbase address: after a reorg the same parent, payee, transactions and second
      // would rebuild the invalidated block itself, which the node refuses.
      await node.mineBlocks(1, await node.newAddress('miner'));
    },
    async reorg(txHash) {
      const tx = (await node.rpc('getrawtransaction', [txHash, true])) as { blockhash?: string };
      if (!tx.blockhash) throw new Error(`${txHash} is not in a block`);
      await node.rpc('invalidateblock', [tx.blockhash]);
    },
    codes: {
      forged: 'SIGNATURE_INVALID_ERROR',
      otherBytes: 'SIGNATURE_INVALID_ERROR',
      nonSigner: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
      // finalize: too few signatures to assemble the witness.
      belowThreshold: 'TASK_STATUS_ERROR',
    },
    async stop() {
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describeFamilyContract('Bitcoin family (Litecoin P2WSH) on litecoind -regtest', startBitcoinHarness, {
  skip: !isLitecoindAvailable(),
});
