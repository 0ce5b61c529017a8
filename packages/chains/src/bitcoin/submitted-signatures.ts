import { script as bscript, type Psbt } from 'bitcoinjs-lib';
import { BitcoinError, isBitcoinError } from './errors';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';
import { readPsbt, signingRequests, verifyPartialSignature, type PartialSignature } from './psbt-sign';

type PsbtInput = Psbt['data']['inputs'][number];

/**
 * Every signature a signer's PSBT carries, input by input: its `partialSig` entries and, where the
 * signer's tool finalized the input (Litecoin Core's `walletprocesspsbt` does at the threshold and
 * drops `partialSig`), the signatures inside `finalScriptWitness` (P2WSH) or `finalScriptSig`
 * (P2SH). CHECKMULTISIG signatures name no key, so each is given to the base input's key it
 * verifies against. Everything is checked against the base PSBT (same transaction, same scripts,
 * its digests), so the result can go straight into `addPartialSignatures` on the stored PSBT,
 * which stays unfinalized.
 */
export function submittedSignatures(
  submittedPsbtBase64: string,
  basePsbtBase64: string,
  chain: BitcoinChainKey,
): PartialSignature[] {
  const network = bitcoinNetwork(chain);
  const submitted = readPsbt(submittedPsbtBase64, network);
  const base = readPsbt(basePsbtBase64, network);
  const unsigned = (p: Psbt) => p.data.globalMap.unsignedTx.toBuffer();
  if (Buffer.compare(unsigned(submitted), unsigned(base)) !== 0) {
    throw new BitcoinError('PSBT_INVALID', 'the submitted PSBT is of another transaction');
  }
  const requests = signingRequests(basePsbtBase64, chain);
  const out: PartialSignature[] = [];
  submitted.data.inputs.forEach((input, inputIndex) => {
    const request = requests[inputIndex]!;
    const digest = Buffer.from(request.sighash, 'hex');
    const add = (pubkey: string, signature: Uint8Array) => {
      // One signature per key: a key seen in partialSig and again in the final script is kept once.
      if (out.some((s) => s.inputIndex === inputIndex && s.pubkey === pubkey)) return;
      out.push({ inputIndex, pubkey, signature: Buffer.from(signature).toString('hex') });
    };
    for (const p of input.partialSig ?? []) {
      verifyPartialSignature(base, inputIndex, p.pubkey, p.signature, network, digest);
      add(Buffer.from(p.pubkey).toString('hex'), p.signature);
    }
    const script = scriptOf(base.data.inputs[inputIndex]!, network);
    for (const signature of finalSignatures(input, script, network, inputIndex)) {
      const pubkey = request.keys.find((k) => {
        try {
          verifyPartialSignature(base, inputIndex, Buffer.from(k.pubkey, 'hex'), signature, network, digest);
          return true;
        } catch (error) {
          // Only "does not verify" depends on the key; bad DER, high S or sighash type never will.
          if (isBitcoinError(error, 'SIGNATURE_INVALID')) return false;
          throw error;
        }
      })?.pubkey;
      if (!pubkey) {
        throw new BitcoinError(
          'SIGNATURE_INVALID',
          `input ${inputIndex}: a signature in the final script verifies for none of its keys`,
        );
      }
      add(pubkey, signature);
    }
  });
  return out;
}

function scriptOf(input: PsbtInput, network: BitcoinNetwork): Uint8Array {
  // signingRequests has already refused a base input without its script.
  return (network.scriptType === 'p2wsh' ? input.witnessScript : input.redeemScript)!;
}

/** The signatures of a finalized multisig input: [dummy, sig…, script] with the base's script. */
function finalSignatures(
  input: PsbtInput,
  script: Uint8Array,
  network: BitcoinNetwork,
  index: number,
): Uint8Array[] {
  const invalid = (why: string) => new BitcoinError('PSBT_INVALID', `input ${index}: ${why}`);
  let stack: Uint8Array[];
  if (network.scriptType === 'p2wsh') {
    // Native P2WSH spends carry an empty scriptSig.
    if (input.finalScriptSig?.length) throw invalid('a P2WSH input has a final scriptSig');
    if (!input.finalScriptWitness) return [];
    stack = witnessStack(input.finalScriptWitness, invalid);
  } else {
    if (input.finalScriptWitness) throw invalid('a P2SH input has a final witness');
    if (!input.finalScriptSig) return [];
    const chunks = bscript.decompile(input.finalScriptSig);
    if (!chunks) throw invalid('the final scriptSig does not parse');
    // Push-only: OP_0 (the CHECKMULTISIG dummy) is the only opcode allowed.
    stack = chunks.map((c) => {
      if (typeof c !== 'number') return c;
      if (c === bscript.OPS.OP_0) return new Uint8Array(0);
      throw invalid('the final scriptSig is not push-only');
    });
  }
  if (stack.length < 2 || stack[0]!.length !== 0) {
    throw invalid('the final script is not a multisig spend (no empty dummy)');
  }
  if (Buffer.compare(stack[stack.length - 1]!, script) !== 0) {
    throw invalid("the final script is not the wallet's script for this input");
  }
  return stack.slice(1, -1);
}

/** BIP-141 serialized witness: count, then length-prefixed items (lengths as compact sizes). */
function witnessStack(bytes: Uint8Array, invalid: (why: string) => Error): Uint8Array[] {
  const buf = Buffer.from(bytes);
  let at = 0;
  const compactSize = (): number => {
    const first = buf[at++];
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 0;
    if (first === undefined || first === 0xff || at + width > buf.length) throw invalid('bad final witness');
    if (width === 0) return first;
    const n = buf.readUIntLE(at, width);
    at += width;
    return n;
  };
  const items: Uint8Array[] = [];
  for (let count = compactSize(); count > 0; count--) {
    const length = compactSize();
    if (at + length > buf.length) throw invalid('bad final witness');
    items.push(buf.subarray(at, at + length));
    at += length;
  }
  if (at !== buf.length) throw invalid('bad final witness (trailing bytes)');
  return items;
}
