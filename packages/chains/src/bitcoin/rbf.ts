import { Psbt, Transaction } from 'bitcoinjs-lib';
import type { WalletUtxo } from './coin-select';
import { BitcoinError } from './errors';
import { addWalletInput, SEQUENCE_RBF } from './psbt-build';
import { readPsbt } from './psbt-sign';
import { dustThreshold, estimateVsize, feeFor } from './size';
import { validateWallet, walletScriptLength, type MultisigWallet } from './wallet';

export interface ReplacementInput {
  wallet: MultisigWallet;
  /** The original (unsigned or signed) PSBT. */
  originalPsbt: string;
  /** Fee and vsize of the original as broadcast (finalizePsbt's result). */
  originalFee: bigint;
  originalVsize: number;
  /** The UTXOs the original spends (same branch/index info as when it was built). */
  inputs: WalletUtxo[];
  /** New rate, sat/vB. */
  feeRate: number;
}

/**
 * A BIP-125 replacement: the same inputs and recipients, the fee raised out of the change output.
 * Rules checked: the new rate is at least the old rate + the incremental relay rate, and the new
 * absolute fee exceeds the old by at least incremental rate × new vsize. Otherwise
 * RBF_FEE_RATE_TOO_LOW_ERROR; when the change cannot pay it, TRANSFER_FEE_EXCEEDS_BALANCE_ERROR.
 */
export function buildReplacementPsbt(input: ReplacementInput): { psbt: string; fee: bigint; vsize: number } {
  const network = validateWallet(input.wallet);
  if (!network.rbf) throw new BitcoinError('UNSUPPORTED', `${network.key} does not relay replace-by-fee`);
  const original = readPsbt(input.originalPsbt, network);
  const oldRate = Number(input.originalFee) / input.originalVsize;
  const minRate = oldRate + network.incrementalRelaySatPerVb;
  if (input.feeRate < minRate) {
    throw new BitcoinError(
      'RBF_FEE_RATE_TOO_LOW_ERROR',
      `replacement rate ${input.feeRate} sat/vB is below ${minRate.toFixed(2)} sat/vB`,
    );
  }
  const byOutpoint = new Map(input.inputs.map((u) => [`${u.txid}:${u.vout}`, u]));
  const outpoints = original.txInputs.map(
    (i) => `${Buffer.from(i.hash).reverse().toString('hex')}:${i.index}`,
  );
  const utxos = outpoints.map((op) => {
    const u = byOutpoint.get(op);
    if (!u) throw new BitcoinError('INVALID_ARGUMENT', `missing UTXO data for ${op}`);
    return u;
  });
  // The change output is the one paying to the wallet's change branch (its derivation is recorded).
  const changeIndex = original.data.outputs.findIndex((o) => (o.bip32Derivation?.length ?? 0) > 0);
  const outs = original.txOutputs.map((o) => ({ script: o.script, value: o.value }));
  const vsize = estimateVsize(
    network,
    input.wallet.threshold,
    walletScriptLength(input.wallet),
    utxos.length,
    outs.map((o) => o.script.length),
  );
  const fee = feeFor(vsize, input.feeRate);
  const minFee = input.originalFee + feeFor(vsize, network.incrementalRelaySatPerVb);
  if (fee < minFee)
    throw new BitcoinError('RBF_FEE_RATE_TOO_LOW_ERROR', `replacement fee ${fee} sat is below ${minFee} sat`);
  const extra = fee - input.originalFee;
  if (changeIndex === -1)
    throw new BitcoinError(
      'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR',
      'the original has no change output to pay a higher fee',
    );
  const changeOut = outs[changeIndex]!;
  const newChange = changeOut.value - extra;
  if (newChange < dustThreshold(network, changeOut.script)) {
    throw new BitcoinError(
      'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR',
      'the change output cannot pay the higher fee',
    );
  }
  const psbt = new Psbt({ network: network.bitcoinjs });
  psbt.setVersion(2);
  for (const utxo of utxos) addWalletInput(psbt, input.wallet, network, utxo, SEQUENCE_RBF);
  outs.forEach((o, i) => {
    if (i !== changeIndex) {
      psbt.addOutput({ script: o.script, value: o.value });
      return;
    }
    const meta = original.data.outputs[i]!;
    psbt.addOutput({
      script: o.script,
      value: newChange,
      bip32Derivation: meta.bip32Derivation,
      ...(meta.witnessScript ? { witnessScript: meta.witnessScript } : {}),
      ...(meta.redeemScript ? { redeemScript: meta.redeemScript } : {}),
    });
  });
  return { psbt: psbt.toBase64(), fee, vsize };
}

/** Whether a transaction signals BIP-125 replaceability (some input's sequence < 0xfffffffe). */
export function signalsRbf(txHex: string): boolean {
  return Transaction.fromHex(txHex).ins.some((i) => i.sequence < 0xfffffffe);
}
