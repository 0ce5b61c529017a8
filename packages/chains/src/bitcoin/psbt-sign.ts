import { Psbt, script as bscript, Transaction } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BitcoinError } from './errors';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';
import { decodeSignature } from './der';
import { parseRecoveryScript } from './recovery-miniscript';
import { segwitV0Digest } from './sighash';

const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

export function readPsbt(base64: string, network: BitcoinNetwork): Psbt {
  try {
    return Psbt.fromBase64(base64, { network: network.bitcoinjs });
  } catch (error) {
    throw new BitcoinError('PSBT_INVALID', `not a valid PSBT: ${(error as Error).message}`, { cause: error });
  }
}

interface MultisigInput {
  script: Uint8Array;
  threshold: number;
  /** Keys in script order (sortedmulti: sorted). */
  pubkeys: Uint8Array[];
  amount: bigint;
}

/** The m-of-n script and amount of an input, from its witnessScript/redeemScript and UTXO. */
function multisigInput(psbt: Psbt, index: number, network: BitcoinNetwork): MultisigInput {
  const input = psbt.data.inputs[index];
  if (!input) throw new BitcoinError('INVALID_ARGUMENT', `no input ${index}`);
  const script = network.scriptType === 'p2wsh' ? input.witnessScript : input.redeemScript;
  if (!script)
    throw new BitcoinError(
      'PSBT_INVALID',
      `input ${index} has no ${network.scriptType === 'p2wsh' ? 'witnessScript' : 'redeemScript'}`,
    );
  const { threshold, pubkeys } = signersOfScript(script, index);
  let amount: bigint;
  if (input.witnessUtxo) amount = input.witnessUtxo.value;
  else if (input.nonWitnessUtxo) {
    const prev = Transaction.fromBuffer(input.nonWitnessUtxo);
    amount = prev.outs[psbt.txInputs[index]!.index]!.value;
  } else throw new BitcoinError('PSBT_INVALID', `input ${index} has no UTXO`);
  return { script, threshold, pubkeys, amount };
}

/**
 * The k of n of a sortedmulti script, or of a recovery wallet's script spent by its signers: that
 * path's witness is the plain multisig's ([OP_0, k sigs, script]), so signing and finalizing are
 * the same; only the recovery key's own path needs the miniscript satisfier (recovery-sign.ts).
 */
function signersOfScript(script: Uint8Array, index: number): { threshold: number; pubkeys: Uint8Array[] } {
  const recovery = parseRecoveryScript(script);
  if (recovery) return { threshold: recovery.threshold, pubkeys: recovery.signers };
  const chunks = bscript.decompile(Buffer.from(script));
  if (!chunks || chunks.length < 4 || chunks[chunks.length - 1] !== bscript.OPS.OP_CHECKMULTISIG) {
    throw new BitcoinError('PSBT_INVALID', `input ${index} is not a multisig input`);
  }
  const first = chunks[0]!;
  // OP_1…OP_16 decompile to opcodes 0x51…0x60.
  const threshold = typeof first === 'number' ? first - 0x50 : bscript.number.decode(Buffer.from(first));
  return { threshold, pubkeys: chunks.slice(1, -2) as Uint8Array[] };
}

function unsignedTx(psbt: Psbt): Transaction {
  // The PSBT's global unsigned transaction; the digest never depends on signatures.
  return Transaction.fromBuffer(psbt.data.globalMap.unsignedTx.toBuffer());
}

/** The digest input `index` must be signed over (BIP-143; ALL, or ALL|FORKID on Bitcoin Cash). */
export function inputSighash(
  psbt: Psbt,
  index: number,
  network: BitcoinNetwork,
  tx = unsignedTx(psbt),
): Uint8Array {
  const { script, amount } = multisigInput(psbt, index, network);
  return segwitV0Digest(tx, index, script, amount, network.sighashType);
}

export interface SigningRequest {
  inputIndex: number;
  /** 32-byte digest, hex. */
  sighash: string;
  sighashType: number;
  threshold: number;
  /** Keys of the input in script order, with each signer's fingerprint and full path. */
  keys: { pubkey: string; fingerprint: string | null; path: string | null; signed: boolean }[];
}

/** What every signer has to sign, input by input. */
export function signingRequests(psbtBase64: string, chain: BitcoinChainKey): SigningRequest[] {
  const network = bitcoinNetwork(chain);
  const psbt = readPsbt(psbtBase64, network);
  const tx = unsignedTx(psbt);
  return psbt.data.inputs.map((input, inputIndex) => {
    const info = multisigInput(psbt, inputIndex, network);
    const signed = new Set((input.partialSig ?? []).map((p) => Buffer.from(p.pubkey).toString('hex')));
    return {
      inputIndex,
      sighash: Buffer.from(
        segwitV0Digest(tx, inputIndex, info.script, info.amount, network.sighashType),
      ).toString('hex'),
      sighashType: network.sighashType,
      threshold: info.threshold,
      keys: info.pubkeys.map((pk) => {
        const hex = Buffer.from(pk).toString('hex');
        const d = input.bip32Derivation?.find((x) => Buffer.compare(x.pubkey, pk) === 0);
        return {
          pubkey: hex,
          fingerprint: d ? Buffer.from(d.masterFingerprint).toString('hex') : null,
          path: d?.path ?? null,
          signed: signed.has(hex),
        };
      }),
    };
  });
}

/**
 * Checks one partial signature (DER + sighash byte) by `pubkey` on input `index`: the key is one
 * of the input's multisig keys, the encoding is strict DER with the chain's sighash byte, S is
 * low, and it verifies over the input's digest. Throws a BitcoinError saying which check failed.
 */
export function verifyPartialSignature(
  psbt: Psbt,
  index: number,
  pubkey: Uint8Array,
  signature: Uint8Array,
  network: BitcoinNetwork,
  digest?: Uint8Array,
): void {
  const info = multisigInput(psbt, index, network);
  if (!info.pubkeys.some((pk) => Buffer.compare(pk, pubkey) === 0)) {
    throw new BitcoinError(
      'SIGNER_NOT_MATCHED',
      `key ${Buffer.from(pubkey).toString('hex')} is not a signer of input ${index}`,
    );
  }
  const { compact, hashType } = decodeSignature(signature);
  const decoded = { signature: compact, hashType };
  if (decoded.hashType !== network.sighashType) {
    throw new BitcoinError(
      'SIGNATURE_MALFORMED',
      `input ${index}: sighash type 0x${decoded.hashType.toString(16)}, expected 0x${network.sighashType.toString(16)}`,
    );
  }
  const s = BigInt('0x' + Buffer.from(decoded.signature.subarray(32)).toString('hex'));
  if (s > HALF_N) throw new BitcoinError('SIGNATURE_HIGH_S', `input ${index}: high-S signature`);
  const hash = digest ?? inputSighash(psbt, index, network);
  if (!ecc.verify(hash, pubkey, decoded.signature, true)) {
    throw new BitcoinError('SIGNATURE_INVALID', `input ${index}: signature does not verify`);
  }
}

export interface PartialSignature {
  inputIndex: number;
  /** Compressed public key, hex. */
  pubkey: string;
  /** DER signature followed by the sighash byte, hex. */
  signature: string;
}

/** Verifies signatures and records them in the PSBT; returns the updated PSBT. */
export function addPartialSignatures(
  psbtBase64: string,
  chain: BitcoinChainKey,
  signatures: PartialSignature[],
): string {
  const network = bitcoinNetwork(chain);
  const psbt = readPsbt(psbtBase64, network);
  const tx = unsignedTx(psbt);
  for (const sig of signatures) {
    const pubkey = Buffer.from(sig.pubkey, 'hex');
    const signature = Buffer.from(sig.signature, 'hex');
    const digest = inputSighash(psbt, sig.inputIndex, network, tx);
    verifyPartialSignature(psbt, sig.inputIndex, pubkey, signature, network, digest);
    const existing = psbt.data.inputs[sig.inputIndex]!.partialSig ?? [];
    if (existing.some((p) => Buffer.compare(p.pubkey, pubkey) === 0)) continue;
    psbt.updateInput(sig.inputIndex, { partialSig: [{ pubkey, signature }] });
  }
  return psbt.toBase64();
}

/** Every partial signature present in a PSBT (e.g. one a signer sent back). */
export function partialSignatures(psbtBase64: string, chain: BitcoinChainKey): PartialSignature[] {
  const psbt = readPsbt(psbtBase64, bitcoinNetwork(chain));
  return psbt.data.inputs.flatMap((input, inputIndex) =>
    (input.partialSig ?? []).map((p) => ({
      inputIndex,
      pubkey: Buffer.from(p.pubkey).toString('hex'),
      signature: Buffer.from(p.signature).toString('hex'),
    })),
  );
}

/**
 * Combines PSBTs of the same transaction from several signers (BIP-174 Combiner). Every partial
 * signature is verified against the base PSBT's digests before it is taken.
 */
export function combinePsbts(chain: BitcoinChainKey, base: string, others: string[]): string {
  const network = bitcoinNetwork(chain);
  const basePsbt = readPsbt(base, network);
  const txid = unsignedTx(basePsbt).getId();
  let combined = base;
  for (const other of others) {
    const psbt = readPsbt(other, network);
    if (unsignedTx(psbt).getId() !== txid)
      throw new BitcoinError('PSBT_INVALID', 'PSBTs are of different transactions');
    combined = addPartialSignatures(combined, chain, partialSignatures(other, chain));
  }
  return combined;
}

export interface FinalizedTransaction {
  hex: string;
  txid: string;
  fee: bigint;
  vsize: number;
}

/**
 * Finalizes at the threshold: for each input, the first m valid signatures in sortedmulti key
 * order; witness = [OP_0 dummy, sigs…, witnessScript] (P2WSH) or scriptSig = OP_0 sigs… redeemScript
 * (P2SH). Throws SIGNATURES_BELOW_THRESHOLD when an input has fewer than m.
 */
export function finalizePsbt(psbtBase64: string, chain: BitcoinChainKey): FinalizedTransaction {
  const network = bitcoinNetwork(chain);
  const psbt = readPsbt(psbtBase64, network);
  const tx = unsignedTx(psbt);
  let inputTotal = 0n;
  psbt.data.inputs.forEach((input, index) => {
    const info = multisigInput(psbt, index, network);
    inputTotal += info.amount;
    const digest = segwitV0Digest(tx, index, info.script, info.amount, network.sighashType);
    const sigs: Uint8Array[] = [];
    for (const pk of info.pubkeys) {
      if (sigs.length === info.threshold) break;
      const partial = input.partialSig?.find((p) => Buffer.compare(p.pubkey, pk) === 0);
      if (!partial) continue;
      verifyPartialSignature(psbt, index, pk, partial.signature, network, digest);
      sigs.push(partial.signature);
    }
    if (sigs.length < info.threshold) {
      throw new BitcoinError(
        'SIGNATURES_BELOW_THRESHOLD',
        `input ${index} has ${sigs.length} of ${info.threshold} signatures`,
      );
    }
    // Written at the data level: bitcoinjs-lib's finalizer re-decodes every signature and does
    // not know Bitcoin Cash's FORKID sighash byte.
    if (network.scriptType === 'p2wsh') {
      psbt.data.updateInput(index, {
        finalScriptWitness: witnessStackToScriptWitness([new Uint8Array(0), ...sigs, info.script]),
      });
    } else {
      psbt.data.updateInput(index, {
        finalScriptSig: bscript.compile([bscript.OPS.OP_0!, ...sigs, info.script]),
      });
    }
    psbt.data.clearFinalizedInput(index);
  });
  const final = psbt.extractTransaction(true);
  const outputTotal = final.outs.reduce((s, o) => s + o.value, 0n);
  return {
    hex: final.toHex(),
    txid: final.getId(),
    fee: inputTotal - outputTotal,
    vsize: final.virtualSize(),
  };
}

function witnessStackToScriptWitness(items: Uint8Array[]): Buffer {
  const parts: Buffer[] = [varint(items.length)];
  for (const item of items) parts.push(varint(item.length), Buffer.from(item));
  return Buffer.concat(parts);
}

function varint(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  const b = Buffer.alloc(3);
  b[0] = 0xfd;
  b.writeUInt16LE(n, 1);
  return b;
}

/** Per input: signatures present and verified, and the threshold. */
export function signatureProgress(
  psbtBase64: string,
  chain: BitcoinChainKey,
): { inputIndex: number; valid: number; threshold: number }[] {
  const network = bitcoinNetwork(chain);
  const psbt = readPsbt(psbtBase64, network);
  const tx = unsignedTx(psbt);
  return psbt.data.inputs.map((input, inputIndex) => {
    const info = multisigInput(psbt, inputIndex, network);
    const digest = segwitV0Digest(tx, inputIndex, info.script, info.amount, network.sighashType);
    const valid = (input.partialSig ?? []).filter((p) => {
      try {
        verifyPartialSignature(psbt, inputIndex, p.pubkey, p.signature, network, digest);
        return true;
      } catch {
        return false;
      }
    }).length;
    return { inputIndex, valid, threshold: info.threshold };
  });
}
