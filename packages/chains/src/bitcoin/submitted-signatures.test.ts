import { Psbt, script as bscript, Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import type { WalletUtxo } from './coin-select';
import { decodeSignature, encodeSignature } from './der';
import { isBitcoinError, type BitcoinErrorCode } from './errors';
import { bitcoinNetwork, type BitcoinChainKey } from './networks';
import { buildSpendPsbt } from './psbt-build';
import { addPartialSignatures, combinePsbts, finalizePsbt, partialSignatures } from './psbt-sign';
import { submittedSignatures } from './submitted-signatures';
import { signPsbt, signPsbtAsSigner, testSigner } from './test-signer';
import { deriveAddress, type MultisigWallet } from './wallet';

const CURVE_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function expectCode(fn: () => unknown, code: BitcoinErrorCode): void {
  try {
    fn();
  } catch (error) {
    expect(isBitcoinError(error, code), String(error)).toBe(true);
    return;
  }
  expect.unreachable(`expected ${code}`);
}

function setup(chain: BitcoinChainKey) {
  const signers = [1, 2, 3].map((n) => testSigner(chain, new Uint8Array(32).fill(n)));
  const wallet: MultisigWallet = { chain, threshold: 2, keys: signers.map((s) => s.key) };
  return { signers, wallet };
}

/** A final witness rewritten item by item (to forge a signature or swap the script). */
function rewriteFinalWitness(
  psbtBase64: string,
  index: number,
  edit: (stack: Buffer[]) => Uint8Array[],
): string {
  const psbt = Psbt.fromBase64(psbtBase64);
  const tx = psbt.extractTransaction(true);
  const stack = edit(tx.ins[index]!.witness.map((w) => Buffer.from(w)));
  const parts: Uint8Array[] = [Buffer.from([stack.length])];
  for (const item of stack) parts.push(Buffer.from([item.length]), item);
  // Replacing a final field goes through the raw data map (bitcoinjs refuses to update it).
  const input = psbt.data.inputs[index]!;
  input.finalScriptWitness = Buffer.concat(parts);
  return psbt.toBase64();
}

describe('submittedSignatures: signatures from a PSBT the signer finalized', () => {
  const chain = 'btc-regtest';
  const { signers, wallet } = setup(chain);
  const outside = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
  const utxo = (value: bigint, i: number): WalletUtxo => ({
    txid: (i + 1).toString(16).padStart(64, '0'),
    vout: 0,
    value,
    branch: 0,
    index: i,
  });
  const built = buildSpendPsbt({
    wallet,
    utxos: [utxo(200_000n, 0), utxo(150_000n, 1)],
    outputs: [{ address: outside, value: 300_000n }],
    feeRate: 5,
    changeIndex: 0,
  });
  const base = built.psbt;
  const twoSigned = combinePsbts(chain, base, [
    signPsbtAsSigner(base, chain, signers[0]!),
    signPsbtAsSigner(base, chain, signers[2]!),
  ]);
  /** Finalized by bitcoinjs-lib itself: final witnesses, no partialSig left. */
  const finalizedByLib = () => {
    const psbt = Psbt.fromBase64(twoSigned);
    psbt.finalizeAllInputs();
    return psbt;
  };

  it('recovers both signatures of a 2-of-3 finalized by bitcoinjs-lib, each under its own key', () => {
    const finalized = finalizedByLib();
    expect(built.inputs).toHaveLength(2);
    expect(finalized.data.inputs.every((i) => i.finalScriptWitness && !i.partialSig)).toBe(true);
    const got = submittedSignatures(finalized.toBase64(), base, chain);
    const expected = [...signPsbt(base, chain, signers[0]!), ...signPsbt(base, chain, signers[2]!)];
    const key = (s: { inputIndex: number; pubkey: string }) => `${s.inputIndex}:${s.pubkey}`;
    expect(got.map(key).sort()).toEqual(expected.map(key).sort());
    expect(new Set(got.map((s) => s.signature))).toEqual(new Set(expected.map((s) => s.signature)));
    // Merged into the unsigned original they finalize to the same transaction.
    const merged = addPartialSignatures(base, chain, got);
    expect(partialSignatures(merged, chain)).toHaveLength(4);
    expect(finalizePsbt(merged, chain).hex).toBe(finalized.extractTransaction().toHex());
  });

  it('reads partialSig and final witness side by side (one input finalized, one not)', () => {
    const psbt = Psbt.fromBase64(twoSigned);
    psbt.finalizeInput(0);
    const got = submittedSignatures(psbt.toBase64(), base, chain);
    expect(got.filter((s) => s.inputIndex === 0)).toHaveLength(2);
    expect(got.filter((s) => s.inputIndex === 1)).toHaveLength(2);
  });

  it('a PSBT without signatures gives an empty list', () => {
    expect(submittedSignatures(base, base, chain)).toEqual([]);
  });

  it("refuses a final witness whose script is not the base input's script", () => {
    const otherScript = deriveAddress(wallet, 0, 7).multisigScript;
    const swapped = rewriteFinalWitness(finalizedByLib().toBase64(), 0, (s) => [
      ...s.slice(0, -1),
      Buffer.from(otherScript),
    ]);
    expectCode(() => submittedSignatures(swapped, base, chain), 'PSBT_INVALID');
    const noDummy = rewriteFinalWitness(finalizedByLib().toBase64(), 0, (s) => s.slice(1));
    expectCode(() => submittedSignatures(noDummy, base, chain), 'PSBT_INVALID');
  });

  it('refuses a forged signature, a high-S one and a wrong sighash byte inside the final witness', () => {
    const finalized = finalizedByLib().toBase64();
    const withSig = (edit: (sig: Buffer) => Buffer) =>
      rewriteFinalWitness(finalized, 1, (s) => [s[0]!, edit(Buffer.from(s[1]!)), ...s.slice(2)]);
    const forged = withSig((sig) => {
      sig[10] = sig[10]! ^ 0x01; // a bit of r
      return sig;
    });
    expectCode(() => submittedSignatures(forged, base, chain), 'SIGNATURE_INVALID');
    const highS = withSig((sig) => {
      const { compact, hashType } = decodeSignature(sig);
      const s = BigInt('0x' + compact.subarray(32).toString('hex'));
      compact.set(Buffer.from((CURVE_N - s).toString(16).padStart(64, '0'), 'hex'), 32);
      return encodeSignature(compact, hashType);
    });
    expectCode(() => submittedSignatures(highS, base, chain), 'SIGNATURE_HIGH_S');
    const wrongType = withSig((sig) => {
      sig[sig.length - 1] = 0x81;
      return sig;
    });
    expectCode(() => submittedSignatures(wrongType, base, chain), 'SIGNATURE_MALFORMED');
  });

  it('refuses a PSBT of another transaction', () => {
    const other = buildSpendPsbt({
      wallet,
      utxos: [utxo(200_000n, 0), utxo(150_000n, 1)],
      outputs: [{ address: outside, value: 300_001n }],
      feeRate: 5,
      changeIndex: 0,
    });
    expectCode(() => submittedSignatures(other.psbt, base, chain), 'PSBT_INVALID');
  });
});

describe('submittedSignatures: Bitcoin Cash P2SH finalScriptSig', () => {
  const chain = 'bch';
  const { signers, wallet } = setup(chain);
  const prev = new Transaction();
  prev.addInput(Buffer.alloc(32, 7), 0);
  prev.addOutput(deriveAddress(wallet, 0, 0).scriptPubKey, 500_000n);
  const built = buildSpendPsbt({
    wallet,
    utxos: [{ txid: prev.getId(), vout: 0, value: 500_000n, branch: 0, index: 0, prevTxHex: prev.toHex() }],
    outputs: [{ address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', value: 100_000n }],
    feeRate: 2,
    changeIndex: 0,
  });
  const base = built.psbt;
  const signed = combinePsbts(chain, base, [
    signPsbtAsSigner(base, chain, signers[1]!),
    signPsbtAsSigner(base, chain, signers[2]!),
  ]);
  /** The base PSBT with input 0 finalized to `scriptSig` and no partialSig (as a finalizer leaves it). */
  const withFinalScriptSig = (scriptSig: Uint8Array) => {
    const psbt = Psbt.fromBase64(base, { network: bitcoinNetwork(chain).bitcoinjs });
    psbt.data.updateInput(0, { finalScriptSig: Buffer.from(scriptSig) });
    psbt.data.clearFinalizedInput(0);
    return psbt.toBase64();
  };
  const scriptSig = Transaction.fromHex(finalizePsbt(signed, chain).hex).ins[0]!.script;

  it('reads the FORKID signatures out of OP_0 sig… redeemScript, each under its own key', () => {
    const got = submittedSignatures(withFinalScriptSig(scriptSig), base, chain);
    const expected = [...signPsbt(base, chain, signers[1]!), ...signPsbt(base, chain, signers[2]!)];
    expect(got.sort((a, b) => a.pubkey.localeCompare(b.pubkey))).toEqual(
      expected.sort((a, b) => a.pubkey.localeCompare(b.pubkey)),
    );
    expect(got.every((s) => s.signature.endsWith('41'))).toBe(true);
  });

  it('refuses another redeemScript and a forged signature', () => {
    const chunks = bscript.decompile(scriptSig)!;
    const other = bscript.compile([
      ...chunks.slice(0, -1),
      Buffer.from(deriveAddress(wallet, 0, 1).multisigScript),
    ]);
    expectCode(() => submittedSignatures(withFinalScriptSig(other), base, chain), 'PSBT_INVALID');
    const sig = Buffer.from(chunks[1] as Uint8Array);
    sig[12] = sig[12]! ^ 0x01;
    const forged = bscript.compile([chunks[0]!, sig, ...chunks.slice(2)]);
    expectCode(() => submittedSignatures(withFinalScriptSig(forged), base, chain), 'SIGNATURE_INVALID');
  });
});
