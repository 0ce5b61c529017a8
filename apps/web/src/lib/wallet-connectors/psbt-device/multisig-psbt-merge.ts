import { Psbt, Transaction } from 'bitcoinjs-lib';
import { secp256k1 } from '@noble/curves/secp256k1';
import { hexToBytes } from 'viem/utils';
import { WalletError } from '../types';
import { equalBytes, invalid, psbtNetwork } from './multisig-psbt-request';
import type { DeviceRequestCheck, DeviceSignedTx } from './multisig-psbt-types';

const SIGHASH_ALL = 0x01;

/**
 * The PSBT with the device's signatures added as the signer's partial signatures. Each one must
 * verify (low S) against its input's BIP-143 digest for the signer's key; the reply's transaction,
 * when given, must have the PSBT's inputs and outputs. Anything else is refused as not the
 * signer's (`signer_mismatch`).
 */
export function mergeDeviceSignatures(
  psbtBase64: string,
  request: DeviceRequestCheck,
  reply: DeviceSignedTx,
): string {
  const psbt = Psbt.fromBase64(psbtBase64, { network: psbtNetwork(request.chain) });
  const tx = Transaction.fromBuffer(psbt.data.globalMap.unsignedTx.toBuffer());
  if (tx.getId() !== request.txid) throw invalid('the PSBT is not the one the request was built from');
  const mismatch = (detail: string) => new WalletError('signer_mismatch', detail);
  if (reply.signatures.length !== tx.ins.length) throw mismatch('one signature per input expected');
  if (reply.serializedTx) {
    let signed: Transaction;
    try {
      signed = Transaction.fromHex(reply.serializedTx);
    } catch {
      throw mismatch('the device returned an unreadable transaction');
    }
    const same =
      signed.version === tx.version &&
      signed.locktime === tx.locktime &&
      signed.ins.length === tx.ins.length &&
      signed.outs.length === tx.outs.length &&
      signed.ins.every(
        (i, n) =>
          equalBytes(i.hash, tx.ins[n]!.hash) &&
          i.index === tx.ins[n]!.index &&
          i.sequence === tx.ins[n]!.sequence,
      ) &&
      signed.outs.every((o, n) => o.value === tx.outs[n]!.value && equalBytes(o.script, tx.outs[n]!.script));
    if (!same) throw mismatch('the device signed another transaction');
  }
  reply.signatures.forEach((der, index) => {
    const input = psbt.data.inputs[index]!;
    const pubkey = hexToBytes(`0x${request.pubkeys[index]!}`);
    const digest = tx.hashForWitnessV0(index, input.witnessScript!, input.witnessUtxo!.value, SIGHASH_ALL);
    let valid = false;
    try {
      const signature = secp256k1.Signature.fromDER(der);
      valid = !signature.hasHighS() && secp256k1.verify(signature, digest, pubkey);
    } catch {
      valid = false;
    }
    if (!valid) throw mismatch(`input ${index}: the device's signature does not verify for the signer's key`);
    if ((input.partialSig ?? []).some((p) => equalBytes(p.pubkey, pubkey))) return;
    psbt.updateInput(index, {
      partialSig: [{ pubkey, signature: Uint8Array.from([...hexToBytes(`0x${der}`), SIGHASH_ALL]) }],
    });
  });
  return psbt.toBase64();
}
