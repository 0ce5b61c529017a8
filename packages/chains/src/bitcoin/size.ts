import { BitcoinError } from './errors';
import type { BitcoinNetwork } from './networks';

/**
 * Size estimates for fees. Signatures are counted at their largest low-S DER size (72 bytes
 * with the sighash byte), so the estimate never undershoots the final transaction.
 */
const MAX_SIG_BYTES = 72;

export function varintSize(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : 5;
}

/** Bytes of a data push of `len` bytes in a scriptSig. */
function pushSize(len: number): number {
  return len < 76 ? 1 + len : len <= 0xff ? 2 + len : 3 + len;
}

/** Length of an m-of-n multisig script with compressed keys: OP_m, n × (push 33), OP_n, OP_CHECKMULTISIG. */
export function multisigScriptSize(n: number): number {
  return 3 + 34 * n;
}

/**
 * Weight units of one input spent by m signatures of a script `script` bytes long (the m-of-n,
 * or a recovery wallet's script on its signers' path), P2WSH or P2SH.
 */
export function multisigInputWeight(network: BitcoinNetwork, m: number, script: number): number {
  if (network.scriptType === 'p2wsh') {
    // outpoint 36 + empty scriptSig 1 + sequence 4, at 4 WU a byte; then the witness at 1 WU:
    // item count, OP_0 dummy (empty item), m signatures, the witness script.
    const witness = varintSize(m + 2) + 1 + m * (1 + MAX_SIG_BYTES) + varintSize(script) + script;
    return 41 * 4 + witness;
  }
  const scriptSig = 1 + m * (1 + MAX_SIG_BYTES) + pushSize(script);
  return (36 + varintSize(scriptSig) + scriptSig + 4) * 4;
}

/** Bytes of an output with this scriptPubKey length. */
export function outputSize(scriptLength: number): number {
  return 8 + varintSize(scriptLength) + scriptLength;
}

/** Weight of version, locktime, counts and (segwit) marker+flag. */
export function txOverheadWeight(network: BitcoinNetwork, inputs: number, outputs: number): number {
  const base = (4 + 4 + varintSize(inputs) + varintSize(outputs)) * 4;
  return network.scriptType === 'p2wsh' ? base + 2 : base;
}

/** Virtual size (vbytes) of a wallet spend with these many inputs and these output script lengths. */
export function estimateVsize(
  network: BitcoinNetwork,
  m: number,
  scriptLength: number,
  inputs: number,
  outputScriptLengths: number[],
): number {
  const weight =
    txOverheadWeight(network, inputs, outputScriptLengths.length) +
    inputs * multisigInputWeight(network, m, scriptLength) +
    outputScriptLengths.reduce((sum, len) => sum + outputSize(len) * 4, 0);
  return Math.ceil(weight / 4);
}

/**
 * Bitcoin Core's dust threshold (GetDustThreshold): an output is dust when spending it would
 * cost more than it is worth at the dust relay rate.
 */
export function dustThreshold(network: BitcoinNetwork, scriptPubKey: Uint8Array): bigint {
  const isWitness =
    scriptPubKey.length >= 4 &&
    scriptPubKey.length <= 42 &&
    (scriptPubKey[0] === 0x00 || (scriptPubKey[0]! >= 0x51 && scriptPubKey[0]! <= 0x60)) &&
    scriptPubKey[1] === scriptPubKey.length - 2;
  const spend = isWitness ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 32 + 4 + 1 + 107 + 4;
  return BigInt((outputSize(scriptPubKey.length) + spend) * network.dustRelaySatPerVb);
}

/** Fee in satoshis for a vsize at a rate (sat/vB, may be fractional), rounded up. */
export function feeFor(vsize: number, satPerVbyte: number): bigint {
  if (!Number.isFinite(satPerVbyte) || satPerVbyte <= 0)
    throw new BitcoinError('FEE_RATE_ERROR', 'fee rate must be a positive number');
  return BigInt(Math.ceil(vsize * satPerVbyte));
}
