import { address as baddress, Psbt, Transaction } from 'bitcoinjs-lib';
import { selectCoins, spendChosen, type WalletUtxo } from './coin-select';
import { BitcoinError } from './errors';
import type { BitcoinNetwork } from './networks';
import { dustThreshold, estimateVsize, feeFor } from './size';
import {
  deriveAddress,
  validateWallet,
  walletScriptLength,
  type DerivedAddress,
  type MultisigWallet,
} from './wallet';

/** BIP-125: any nSequence below 0xfffffffe signals replaceability. */
export const SEQUENCE_RBF = 0xfffffffd;
/** Final sequence for chains without RBF (Bitcoin Cash). */
export const SEQUENCE_FINAL = 0xffffffff;

export interface PaymentOutput {
  address: string;
  value: bigint;
}

export interface BuildSpendInput {
  wallet: MultisigWallet;
  /** Spendable UTXOs of the wallet (from listUtxos). */
  utxos: WalletUtxo[];
  /** One or more recipients (batch = one-to-many). */
  outputs: PaymentOutput[];
  /** sat/vB */
  feeRate: number;
  /** Index on the change branch (1/i) for the change output. */
  changeIndex: number;
  /** Spend exactly these outpoints ("txid:vout") instead of automatic selection. */
  chosen?: string[];
  /** Send everything: the single recipient gets all selected UTXOs minus the fee. */
  sendMax?: boolean;
}

export interface BuiltSpend {
  psbt: string;
  fee: bigint;
  /** Estimated vsize (signatures counted at their largest size). */
  vsize: number;
  inputs: WalletUtxo[];
  change: { address: string; index: number; value: bigint } | null;
}

/** Decodes a recipient address for the network; Taproot (witness v1) outputs are refused. */
export function recipientScript(network: BitcoinNetwork, address: string): Uint8Array {
  let script: Uint8Array;
  try {
    script = baddress.toOutputScript(address.trim(), network.bitcoinjs);
  } catch (error) {
    if (/^(bc|tb|bcrt|ltc|tltc|rltc)1p/i.test(address.trim())) {
      throw new BitcoinError('TAPROOT_UNSUPPORTED_ERROR', 'Taproot addresses are not supported');
    }
    throw new BitcoinError('INVALID_ADDRESS', `not a ${network.key} address: ${address}`, { cause: error });
  }
  if (script[0] === 0x51 && script.length === 34)
    throw new BitcoinError('TAPROOT_UNSUPPORTED_ERROR', 'Taproot addresses are not supported');
  return script;
}

/**
 * Builds the unsigned PSBT of a wallet spend: coin selection, recipients, change to the wallet's
 * change address, fee from the rate and the P2WSH/P2SH input size, every input with its UTXO,
 * script and BIP-32 derivations, and RBF-signalling sequences (BTC/LTC).
 */
export function buildSpendPsbt(input: BuildSpendInput): BuiltSpend {
  const network = validateWallet(input.wallet);
  const m = input.wallet.threshold;
  const scriptLength = walletScriptLength(input.wallet);
  if (input.outputs.length === 0) throw new BitcoinError('INVALID_ARGUMENT', 'no recipients');
  if (input.sendMax && input.outputs.length !== 1)
    throw new BitcoinError('INVALID_ARGUMENT', 'send-max takes one recipient');
  const scripts = input.outputs.map((o) => recipientScript(network, o.address));
  const change = deriveAddress(input.wallet, 1, input.changeIndex);
  const outputLengths = scripts.map((s) => s.length);
  const feeOf = (inputs: number, withChange: boolean) =>
    feeFor(
      estimateVsize(
        network,
        m,
        scriptLength,
        inputs,
        withChange ? [...outputLengths, change.scriptPubKey.length] : outputLengths,
      ),
      input.feeRate,
    );
  const costs = { feeOf, changeDust: dustThreshold(network, change.scriptPubKey) };

  let amounts = input.outputs.map((o) => o.value);
  let selection;
  if (input.sendMax) {
    const pool = input.chosen ? pickChosen(input.utxos, input.chosen) : input.utxos;
    const total = pool.reduce((s, u) => s + u.value, 0n);
    if (pool.length === 0) throw new BitcoinError('UTXO_SHORTAGE_ERROR', 'no unspent outputs');
    const fee = feeOf(pool.length, false);
    if (total <= fee)
      throw new BitcoinError(
        'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR',
        `balance ${total} sat does not cover fee ${fee} sat`,
      );
    amounts = [total - fee];
    selection = { inputs: pool, fee, change: 0n };
  } else {
    for (const value of amounts)
      if (value <= 0n) throw new BitcoinError('INVALID_ARGUMENT', 'amounts must be positive');
    const target = amounts.reduce((s, v) => s + v, 0n);
    selection = input.chosen
      ? spendChosen(pickChosen(input.utxos, input.chosen), target, costs)
      : selectCoins(input.utxos, target, costs);
  }
  amounts.forEach((value, i) => {
    if (value < dustThreshold(network, scripts[i]!)) {
      throw new BitcoinError(
        'TRANSFER_VOLUME_TOO_SMALL_ERROR',
        `output ${i} (${value} sat) is below the dust threshold`,
      );
    }
  });

  const psbt = new Psbt({ network: network.bitcoinjs });
  psbt.setVersion(2);
  for (const utxo of selection.inputs) addWalletInput(psbt, input.wallet, network, utxo);
  amounts.forEach((value, i) => psbt.addOutput({ script: scripts[i]!, value }));
  if (selection.change > 0n) {
    psbt.addOutput({
      script: change.scriptPubKey,
      value: selection.change,
      bip32Derivation: derivationsOf(change),
      ...(network.scriptType === 'p2wsh'
        ? { witnessScript: change.multisigScript }
        : { redeemScript: change.multisigScript }),
    });
  }
  const vsize = estimateVsize(
    network,
    m,
    scriptLength,
    selection.inputs.length,
    psbt.txOutputs.map((o) => o.script.length),
  );
  return {
    psbt: psbt.toBase64(),
    fee: selection.fee,
    vsize,
    inputs: selection.inputs,
    change:
      selection.change > 0n
        ? { address: change.address, index: input.changeIndex, value: selection.change }
        : null,
  };
}

function pickChosen(utxos: WalletUtxo[], chosen: string[]): WalletUtxo[] {
  const byOutpoint = new Map(utxos.map((u) => [`${u.txid}:${u.vout}`, u]));
  if (new Set(chosen).size !== chosen.length)
    throw new BitcoinError('INVALID_ARGUMENT', 'an outpoint is chosen twice');
  return chosen.map((op) => {
    const utxo = byOutpoint.get(op);
    if (!utxo)
      throw new BitcoinError('UTXO_SHORTAGE_ERROR', `outpoint ${op} is not an unspent output of the wallet`);
    return utxo;
  });
}

/** BIP-174 derivations of every key in the script: each signer, and the recovery key holder, finds theirs. */
export function derivationsOf(derived: DerivedAddress) {
  const keys = derived.recovery ? [...derived.derivations, derived.recovery] : derived.derivations;
  return keys.map((d) => ({
    masterFingerprint: Buffer.from(d.fingerprint, 'hex'),
    pubkey: d.pubkey,
    path: d.path,
  }));
}

/** Adds one wallet UTXO as a PSBT input with everything a signer needs to check and sign it. */
export function addWalletInput(
  psbt: Psbt,
  wallet: MultisigWallet,
  network: BitcoinNetwork,
  utxo: WalletUtxo,
  sequence?: number,
): void {
  const derived = deriveAddress(wallet, utxo.branch, utxo.index);
  const bip32Derivation = derivationsOf(derived);
  const seq = sequence ?? (network.rbf ? SEQUENCE_RBF : SEQUENCE_FINAL);
  if (network.scriptType === 'p2wsh') {
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      sequence: seq,
      witnessUtxo: { script: derived.scriptPubKey, value: utxo.value },
      witnessScript: derived.multisigScript,
      bip32Derivation,
      sighashType: network.sighashType,
      ...(utxo.prevTxHex ? { nonWitnessUtxo: Buffer.from(utxo.prevTxHex, 'hex') } : {}),
    });
    return;
  }
  // P2SH (Bitcoin Cash): the full previous transaction is the PSBT's way to carry the amount.
  if (!utxo.prevTxHex)
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `P2SH input ${utxo.txid}:${utxo.vout} needs its previous transaction`,
    );
  const prev = Transaction.fromHex(utxo.prevTxHex);
  const prevOut = prev.outs[utxo.vout];
  if (
    !prevOut ||
    Buffer.compare(prevOut.script, derived.scriptPubKey) !== 0 ||
    prevOut.value !== utxo.value
  ) {
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `previous transaction does not match ${utxo.txid}:${utxo.vout}`,
    );
  }
  psbt.addInput({
    hash: utxo.txid,
    index: utxo.vout,
    sequence: seq,
    nonWitnessUtxo: Buffer.from(utxo.prevTxHex, 'hex'),
    redeemScript: derived.multisigScript,
    bip32Derivation,
    sighashType: network.sighashType,
  });
}
