import {
  buildSpendPsbt,
  deriveAddress,
  finalizePsbt,
  readPsbt,
  bitcoinNetwork,
  inputSighash,
  verifyPartialSignature,
  combinePsbts,
  partialSignatures,
  type MultisigWallet,
  type WalletUtxo,
} from '@keystead/chains';
import { signPsbtAsSigner, testSigner } from '@keystead/chains/bitcoin/test-signer';
import * as ecc from 'tiny-secp256k1';
import { printRow } from './harness';

const INPUTS = 50;
const ROUNDS = 20;
const CHAIN = 'btc' as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Compact r||s of a DER signature (sighash byte dropped), for the bare secp256k1 baseline. */
function compact(sigHex: string): Uint8Array {
  const der = Buffer.from(sigHex, 'hex').subarray(0, -1);
  const lenR = der[3]!;
  const r = der.subarray(4, 4 + lenR);
  const s = der.subarray(6 + lenR);
  const pad = (x: Uint8Array) => Buffer.concat([Buffer.alloc(32), Buffer.from(x)]).subarray(-32);
  return Buffer.concat([pad(r), pad(s)]);
}

/**
 * `npm run bench -- psbt`: a 2-of-3 P2WSH spend of 50 inputs — PSBT build (selection, derivations,
 * scripts) and verification of both signers' 100 partial signatures — and the cost of the
 * adapter's signature check (digest, key membership, strict DER, low-S, verify) against a bare
 * secp256k1 verify of the same signatures in the same run.
 */
export async function benchPsbt(): Promise<void> {
  const signers = [21, 22, 23].map((n) => testSigner(CHAIN, new Uint8Array(32).fill(n)));
  const wallet: MultisigWallet = { chain: CHAIN, threshold: 2, keys: signers.map((s) => s.key) };
  const utxos: WalletUtxo[] = Array.from({ length: INPUTS }, (_, i) => ({
    txid: (i + 1).toString(16).padStart(64, '0'),
    vout: i % 3,
    value: 100_000n + BigInt(i),
    branch: (i % 2) as 0 | 1,
    index: i,
  }));
  const outputs = [
    { address: deriveAddress(wallet, 0, 999).address, value: BigInt(INPUTS) * 100_000n - 50_000n },
  ];
  const build = () =>
    buildSpendPsbt({
      wallet,
      utxos,
      outputs,
      feeRate: 5,
      changeIndex: 0,
      chosen: utxos.map((u) => `${u.txid}:${u.vout}`),
    });

  build(); // warm the key-derivation cache as a running server would have it
  const buildMs: number[] = [];
  let built = build();
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    built = build();
    buildMs.push(performance.now() - t);
  }
  const signed = [
    signPsbtAsSigner(built.psbt, CHAIN, signers[0]!),
    signPsbtAsSigner(built.psbt, CHAIN, signers[2]!),
  ];
  const verifyMs: number[] = [];
  let combined = '';
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    combined = combinePsbts(CHAIN, built.psbt, signed); // verifies all 100 signatures
    verifyMs.push(performance.now() - t);
  }
  const finalizeT = performance.now();
  const final = finalizePsbt(combined, CHAIN);
  const finalizeMs = performance.now() - finalizeT;

  // Signature check alone: adapter vs bare secp256k1 on the same 100 (digest, key, signature).
  const network = bitcoinNetwork(CHAIN);
  const psbt = readPsbt(built.psbt, network);
  const sigs = partialSignatures(combined, CHAIN).map((s) => ({
    ...s,
    pubkeyBytes: Buffer.from(s.pubkey, 'hex'),
    sigBytes: Buffer.from(s.signature, 'hex'),
    digest: inputSighash(psbt, s.inputIndex, network),
    compact: compact(s.signature),
  }));
  const time = (fn: () => void) => {
    const runs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      fn();
      runs.push(performance.now() - t);
    }
    return median(runs);
  };
  const bare = time(() => {
    for (const s of sigs)
      if (!ecc.verify(s.digest, s.pubkeyBytes, s.compact)) throw new Error('bare verify failed');
  });
  const adapterWithDigest = time(() => {
    for (const s of sigs) verifyPartialSignature(psbt, s.inputIndex, s.pubkeyBytes, s.sigBytes, network);
  });
  const adapterGivenDigest = time(() => {
    for (const s of sigs)
      verifyPartialSignature(psbt, s.inputIndex, s.pubkeyBytes, s.sigBytes, network, s.digest);
  });

  printRow('psbt: build 2-of-3 P2WSH, 50 inputs', {
    ms: median(buildMs).toFixed(2),
    vsize: built.vsize,
    psbtKb: (Buffer.from(built.psbt, 'base64').length / 1024).toFixed(1),
  });
  printRow('psbt: verify+combine 2 signers (100 sigs)', { ms: median(verifyMs).toFixed(2) });
  printRow('psbt: finalize + extract', {
    ms: finalizeMs.toFixed(2),
    txVsize: final.vsize,
    estimate: built.vsize,
  });
  printRow('psbt: 100 sig checks, bare secp256k1', { ms: bare.toFixed(2) });
  printRow('psbt: 100 sig checks, adapter (+digest)', {
    ms: adapterWithDigest.toFixed(2),
    ratio: (adapterWithDigest / bare).toFixed(2),
  });
  printRow('psbt: 100 sig checks, adapter (digest given)', {
    ms: adapterGivenDigest.toFixed(2),
    ratio: (adapterGivenDigest / bare).toFixed(2),
  });
}
