import { Psbt } from 'bitcoinjs-lib';
import { selectCoins, type WalletUtxo } from './coin-select';
import { BitcoinError } from './errors';
import {
  derivationsOf,
  recipientScript,
  SEQUENCE_RBF,
  type BuiltSpend,
  type PaymentOutput,
} from './psbt-build';
import { deriveAddress } from './wallet';
import { validateRecoveryWallet, type RecoveryWallet } from './recovery-script';
import { dustThreshold, feeFor, outputSize, txOverheadWeight, varintSize } from './size';

/** Which branch of the script a spend takes: the signers' k of n, or the recovery key after N blocks. */
export type RecoverySpendPath = 'multisig' | 'recovery';

/** Largest low-S DER signature with its sighash byte (as size.ts counts it). */
const MAX_SIG_BYTES = 72;

/**
 * Weight of one input of the recovery script. Witness of the k-of-n path: [empty dummy, k sigs,
 * script]; of the recovery path: [sig, k + 1 empty items (the multi dissatisfied), script].
 */
export function recoveryInputWeight(
  threshold: number,
  scriptLength: number,
  path: RecoverySpendPath,
): number {
  const sig = 1 + MAX_SIG_BYTES;
  const items =
    path === 'multisig'
      ? { count: threshold + 2, bytes: 1 + threshold * sig }
      : { count: threshold + 3, bytes: sig + threshold + 1 };
  const witness = varintSize(items.count) + items.bytes + varintSize(scriptLength) + scriptLength;
  // outpoint 36 + empty scriptSig 1 + sequence 4, at 4 WU a byte; the witness at 1 WU.
  return 41 * 4 + witness;
}

/**
 * BIP-112: may an input with this nSequence, in a transaction of this version, pass
 * `<blocks> OP_CHECKSEQUENCEVERIFY`? (BIP-68 then makes the node wait for that many confirmations.)
 */
export function sequenceAllowsDelay(txVersion: number, sequence: number, blocks: number): boolean {
  if (txVersion < 2) return false;
  if ((sequence & 0x80000000) !== 0) return false; // relative lock disabled
  if ((sequence & 0x00400000) !== 0) return false; // time-based, the script's lock counts blocks
  return (sequence & 0xffff) >= blocks;
}

export interface BuildRecoverySpendInput {
  wallet: RecoveryWallet;
  path: RecoverySpendPath;
  /** Unspent outputs of the wallet's recovery addresses (branch/index as derived). */
  utxos: WalletUtxo[];
  outputs: PaymentOutput[];
  /** sat/vB */
  feeRate: number;
  /** Index on the change branch (1/i). */
  changeIndex: number;
  /** Send everything given: the single recipient gets all UTXOs minus the fee (a recovery sweep). */
  sendMax?: boolean;
}

export interface BuiltRecoverySpend extends BuiltSpend {
  path: RecoverySpendPath;
  /** nSequence of every input: N on the recovery path (BIP-68 blocks), RBF-signalling otherwise. */
  sequence: number;
}

/**
 * The unsigned PSBT (version 2) of a spend by one path. On the recovery path every input carries
 * nSequence = N, so the node takes it only once each coin has N confirmations.
 */
export function buildRecoverySpendPsbt(input: BuildRecoverySpendInput): BuiltRecoverySpend {
  const { wallet } = input;
  const network = validateRecoveryWallet(wallet);
  if (input.outputs.length === 0) throw new BitcoinError('INVALID_ARGUMENT', 'no recipients');
  if (input.sendMax && input.outputs.length !== 1)
    throw new BitcoinError('INVALID_ARGUMENT', 'send-max takes one recipient');
  const sequence = input.path === 'recovery' ? wallet.recovery.blocks : SEQUENCE_RBF;
  const scripts = input.outputs.map((o) => recipientScript(network, o.address));
  const change = deriveAddress(wallet, 1, input.changeIndex);
  const inputWeight = recoveryInputWeight(wallet.threshold, change.multisigScript.length, input.path);
  const vsizeOf = (inputs: number, outputLengths: number[]) =>
    Math.ceil(
      (txOverheadWeight(network, inputs, outputLengths.length) +
        inputs * inputWeight +
        outputLengths.reduce((s, len) => s + outputSize(len) * 4, 0)) /
        4,
    );
  const lengths = scripts.map((s) => s.length);
  const feeOf = (inputs: number, withChange: boolean) =>
    feeFor(vsizeOf(inputs, withChange ? [...lengths, change.scriptPubKey.length] : lengths), input.feeRate);

  let amounts = input.outputs.map((o) => o.value);
  let selection;
  if (input.sendMax) {
    const total = input.utxos.reduce((s, u) => s + u.value, 0n);
    if (input.utxos.length === 0) throw new BitcoinError('UTXO_SHORTAGE_ERROR', 'no unspent outputs');
    const fee = feeOf(input.utxos.length, false);
    if (total <= fee)
      throw new BitcoinError(
        'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR',
        `balance ${total} sat does not cover fee ${fee} sat`,
      );
    amounts = [total - fee];
    selection = { inputs: input.utxos, fee, change: 0n };
  } else {
    if (amounts.some((v) => v <= 0n)) throw new BitcoinError('INVALID_ARGUMENT', 'amounts must be positive');
    const target = amounts.reduce((s, v) => s + v, 0n);
    selection = selectCoins(input.utxos, target, {
      feeOf,
      changeDust: dustThreshold(network, change.scriptPubKey),
    });
  }
  amounts.forEach((value, i) => {
    if (value < dustThreshold(network, scripts[i]!))
      throw new BitcoinError(
        'TRANSFER_VOLUME_TOO_SMALL_ERROR',
        `output ${i} (${value} sat) is below the dust threshold`,
      );
  });

  const psbt = new Psbt({ network: network.bitcoinjs });
  // BIP-68 relative locks apply only to version 2 transactions.
  psbt.setVersion(2);
  for (const utxo of selection.inputs) {
    const derived = deriveAddress(wallet, utxo.branch, utxo.index);
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      sequence,
      witnessUtxo: { script: derived.scriptPubKey, value: utxo.value },
      witnessScript: derived.multisigScript,
      bip32Derivation: derivationsOf(derived),
      sighashType: network.sighashType,
    });
  }
  amounts.forEach((value, i) => psbt.addOutput({ script: scripts[i]!, value }));
  if (selection.change > 0n) {
    psbt.addOutput({
      script: change.scriptPubKey,
      value: selection.change,
      witnessScript: change.multisigScript,
      bip32Derivation: derivationsOf(change),
    });
  }
  return {
    psbt: psbt.toBase64(),
    fee: selection.fee,
    vsize: vsizeOf(
      selection.inputs.length,
      psbt.txOutputs.map((o) => o.script.length),
    ),
    inputs: selection.inputs,
    change:
      selection.change > 0n
        ? { address: change.address, index: input.changeIndex, value: selection.change }
        : null,
    path: input.path,
    sequence,
  };
}
