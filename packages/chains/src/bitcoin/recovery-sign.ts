import { satisfier } from '@bitcoinerlab/miniscript';
import { payments, Transaction, type Psbt } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { decodeSignature } from './der';
import { BitcoinError } from './errors';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';
import { readPsbt, type FinalizedTransaction, type PartialSignature, type SigningRequest } from './psbt-sign';
import { sequenceAllowsDelay, type RecoverySpendPath } from './recovery-build';
import { parseRecoveryScript, recoveryMiniscript } from './recovery-miniscript';
import { segwitV0Digest } from './sighash';

const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

interface RecoveryInput {
  script: Uint8Array;
  threshold: number;
  /** Signer keys in script order. */
  signers: Uint8Array[];
  recovery: Uint8Array;
  blocks: number;
  amount: bigint;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

function p2wshNetwork(chain: BitcoinChainKey): BitcoinNetwork {
  const network = bitcoinNetwork(chain);
  if (network.scriptType !== 'p2wsh')
    throw new BitcoinError('UNSUPPORTED', `${chain} has no segwit: the recovery path needs P2WSH`);
  return network;
}

/**
 * The recovery script of an input, read from its witnessScript and accepted only if the miniscript
 * library compiles the same keys, threshold and delay to the very same bytes (and the UTXO pays
 * to that script's P2WSH).
 */
function recoveryInput(psbt: Psbt, index: number, network: BitcoinNetwork): RecoveryInput {
  const input = psbt.data.inputs[index];
  if (!input) throw new BitcoinError('INVALID_ARGUMENT', `no input ${index}`);
  const invalid = (why: string) => new BitcoinError('PSBT_INVALID', `input ${index}: ${why}`);
  const script = input.witnessScript;
  if (!script) throw invalid('no witnessScript');
  if (!input.witnessUtxo) throw invalid('no witnessUtxo');
  const p2wsh = payments.p2wsh({ redeem: { output: script }, network: network.bitcoinjs });
  if (Buffer.compare(p2wsh.output!, input.witnessUtxo.script) !== 0)
    throw invalid('the UTXO does not pay to the P2WSH of its witnessScript');
  const parsed = parseRecoveryScript(script);
  if (!parsed) throw invalid('not a recovery-wallet script');
  return { script, ...parsed, amount: input.witnessUtxo.value };
}

function unsignedTx(psbt: Psbt): Transaction {
  return Transaction.fromBuffer(psbt.data.globalMap.unsignedTx.toBuffer());
}

/** The keys allowed to sign an input on this path. */
function keysOfPath(info: RecoveryInput, path: RecoverySpendPath): Uint8Array[] {
  return path === 'recovery' ? [info.recovery] : info.signers;
}

/** The recovery path is only worth signing when the transaction can ever satisfy the delay. */
function checkDelay(tx: Transaction, index: number, info: RecoveryInput, path: RecoverySpendPath): void {
  if (path !== 'recovery') return;
  const sequence = tx.ins[index]!.sequence;
  if (!sequenceAllowsDelay(tx.version, sequence, info.blocks)) {
    throw new BitcoinError(
      'PSBT_INVALID',
      `input ${index}: the recovery path needs a version 2 transaction with nSequence ${info.blocks} ` +
        `(got version ${tx.version}, nSequence 0x${(sequence >>> 0).toString(16)})`,
    );
  }
}

/** What must be signed on this path, input by input (same shape as the multisig's requests). */
export function recoverySigningRequests(
  psbtBase64: string,
  chain: BitcoinChainKey,
  path: RecoverySpendPath,
): SigningRequest[] {
  const network = p2wshNetwork(chain);
  const psbt = readPsbt(psbtBase64, network);
  const tx = unsignedTx(psbt);
  return psbt.data.inputs.map((input, inputIndex) => {
    const info = recoveryInput(psbt, inputIndex, network);
    checkDelay(tx, inputIndex, info, path);
    const signed = new Set((input.partialSig ?? []).map((p) => hex(p.pubkey)));
    return {
      inputIndex,
      sighash: hex(segwitV0Digest(tx, inputIndex, info.script, info.amount, network.sighashType)),
      sighashType: network.sighashType,
      threshold: path === 'recovery' ? 1 : info.threshold,
      keys: keysOfPath(info, path).map((pk) => {
        const d = input.bip32Derivation?.find((x) => Buffer.compare(x.pubkey, pk) === 0);
        return {
          pubkey: hex(pk),
          fingerprint: d ? hex(d.masterFingerprint) : null,
          path: d?.path ?? null,
          signed: signed.has(hex(pk)),
        };
      }),
    };
  });
}

/**
 * One signature checked like the multisig's partial signatures: the key is one the path allows
 * on this input (the recovery key, or one of the signers), strict DER with the chain's sighash
 * byte, low S, and valid over the input's digest.
 */
function verifySignature(
  info: RecoveryInput,
  path: RecoverySpendPath,
  index: number,
  pubkey: Uint8Array,
  signature: Uint8Array,
  digest: Uint8Array,
  network: BitcoinNetwork,
): void {
  if (!keysOfPath(info, path).some((pk) => Buffer.compare(pk, pubkey) === 0)) {
    throw new BitcoinError(
      'SIGNER_NOT_MATCHED',
      `key ${hex(pubkey)} is not ${path === 'recovery' ? 'the recovery key' : 'a signer'} of input ${index}`,
    );
  }
  const { compact, hashType } = decodeSignature(signature);
  if (hashType !== network.sighashType)
    throw new BitcoinError(
      'SIGNATURE_MALFORMED',
      `input ${index}: sighash type 0x${hashType.toString(16)}, expected 0x${network.sighashType.toString(16)}`,
    );
  if (BigInt('0x' + hex(compact.subarray(32))) > HALF_N)
    throw new BitcoinError('SIGNATURE_HIGH_S', `input ${index}: high-S signature`);
  if (!ecc.verify(digest, pubkey, compact, true))
    throw new BitcoinError('SIGNATURE_INVALID', `input ${index}: signature does not verify`);
}

/** Verifies each signature against the PSBT's own digests and records it; returns the new PSBT. */
export function addRecoverySignatures(
  psbtBase64: string,
  chain: BitcoinChainKey,
  path: RecoverySpendPath,
  signatures: PartialSignature[],
): string {
  const network = p2wshNetwork(chain);
  const psbt = readPsbt(psbtBase64, network);
  const tx = unsignedTx(psbt);
  for (const sig of signatures) {
    const info = recoveryInput(psbt, sig.inputIndex, network);
    checkDelay(tx, sig.inputIndex, info, path);
    const pubkey = Buffer.from(sig.pubkey, 'hex');
    const signature = Buffer.from(sig.signature, 'hex');
    const digest = segwitV0Digest(tx, sig.inputIndex, info.script, info.amount, network.sighashType);
    verifySignature(info, path, sig.inputIndex, pubkey, signature, digest, network);
    const existing = psbt.data.inputs[sig.inputIndex]!.partialSig ?? [];
    if (existing.some((p) => Buffer.compare(p.pubkey, pubkey) === 0)) continue;
    psbt.updateInput(sig.inputIndex, { partialSig: [{ pubkey, signature }] });
  }
  return psbt.toBase64();
}

export interface FinalizedRecoveryTransaction extends FinalizedTransaction {
  /** Per input, the satisfaction the miniscript satisfier chose (symbolic, e.g. "<sig(02…)> 0 0 0"). */
  satisfactions: string[];
}

/**
 * Finalizes every input by the path: its verified signatures (the first k signers in script
 * order, or the recovery key's) are given to the miniscript satisfier as the only known items,
 * and its smallest non-malleable satisfaction whose timelock the input meets becomes the witness.
 */
export function finalizeRecoveryPsbt(
  psbtBase64: string,
  chain: BitcoinChainKey,
  path: RecoverySpendPath,
): FinalizedRecoveryTransaction {
  const network = p2wshNetwork(chain);
  const psbt = readPsbt(psbtBase64, network);
  const tx = unsignedTx(psbt);
  let inputTotal = 0n;
  const satisfactions = psbt.data.inputs.map((input, index) => {
    const info = recoveryInput(psbt, index, network);
    checkDelay(tx, index, info, path);
    inputTotal += info.amount;
    const digest = segwitV0Digest(tx, index, info.script, info.amount, network.sighashType);
    const needed = path === 'recovery' ? 1 : info.threshold;
    const sigs = new Map<string, Uint8Array>();
    for (const pk of keysOfPath(info, path)) {
      if (sigs.size === needed) break;
      const partial = input.partialSig?.find((p) => Buffer.compare(p.pubkey, pk) === 0);
      if (!partial) continue;
      verifySignature(info, path, index, pk, partial.signature, digest, network);
      sigs.set(hex(pk), partial.signature);
    }
    if (sigs.size < needed)
      throw new BitcoinError(
        'SIGNATURES_BELOW_THRESHOLD',
        path === 'recovery'
          ? `input ${index} has no recovery-key signature`
          : `input ${index} has ${sigs.size} of ${info.threshold} signatures`,
      );
    const miniscript = recoveryMiniscript(info.threshold, info.signers, info.recovery, info.blocks);
    // Only these signatures are "known": the satisfier cannot pick a branch we have not signed.
    const knowns = [...sigs.keys()].map((k) => `<sig(${k})>`);
    const { nonMalleableSats } = satisfier(miniscript, { knowns });
    const sequence = tx.ins[index]!.sequence;
    const chosen = nonMalleableSats.find(
      (s) =>
        s.nLockTime === undefined &&
        (s.nSequence === undefined || sequenceAllowsDelay(tx.version, sequence, s.nSequence)),
    );
    if (!chosen)
      throw new BitcoinError(
        'PSBT_INVALID',
        `input ${index}: no satisfaction of the script fits this transaction`,
      );
    tx.ins[index]!.witness = [...witnessItems(chosen.asm, sigs, index), Buffer.from(info.script)];
    return chosen.asm;
  });
  const outputTotal = tx.outs.reduce((s, o) => s + o.value, 0n);
  return {
    hex: tx.toHex(),
    txid: tx.getId(),
    fee: inputTotal - outputTotal,
    vsize: tx.virtualSize(),
    satisfactions,
  };
}

/** The satisfier's symbolic stack (bottom first) → witness items: "0" is an empty push. */
function witnessItems(asm: string, sigs: Map<string, Uint8Array>, index: number): Buffer[] {
  return asm.split(/\s+/).map((token) => {
    if (token === '0') return Buffer.alloc(0);
    const sig = /^<sig\(([0-9a-f]{66})\)>$/.exec(token);
    const bytes = sig ? sigs.get(sig[1]!) : undefined;
    if (!bytes)
      throw new BitcoinError('PSBT_INVALID', `input ${index}: unexpected satisfaction item ${token}`);
    return Buffer.from(bytes);
  });
}
