// Test and devnet helper only (like test-signer.ts): not exported from the package index.
import { Psbt } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { encodeSignature } from './der';
import { bitcoinNetwork, type BitcoinChainKey } from './networks';
import type { PartialSignature } from './psbt-sign';
import type { RecoverySpendPath } from './recovery-build';
import { recoverySigningRequests } from './recovery-sign';
import type { TestSigner } from './test-signer';

/** Signs every input of the path this signer holds a key for (low-S, RFC 6979). */
export function signRecoveryPsbt(
  psbtBase64: string,
  chain: BitcoinChainKey,
  path: RecoverySpendPath,
  signer: TestSigner,
): PartialSignature[] {
  const out: PartialSignature[] = [];
  for (const request of recoverySigningRequests(psbtBase64, chain, path)) {
    for (const key of request.keys) {
      if (key.fingerprint !== signer.key.fingerprint || !key.path) continue;
      const child = signer.master.derivePath(key.path);
      if (Buffer.from(child.publicKey).toString('hex') !== key.pubkey) continue;
      const sig64 = ecc.sign(Buffer.from(request.sighash, 'hex'), child.privateKey!);
      out.push({
        inputIndex: request.inputIndex,
        pubkey: key.pubkey,
        signature: encodeSignature(sig64, request.sighashType).toString('hex'),
      });
    }
  }
  return out;
}

/** The recovery key's signatures written into the PSBT, as a signing tool hands it back (not finalized). */
export function signRecoveryPsbtAsKey(psbtBase64: string, chain: BitcoinChainKey, key: TestSigner): string {
  const psbt = Psbt.fromBase64(psbtBase64, { network: bitcoinNetwork(chain).bitcoinjs });
  for (const sig of signRecoveryPsbt(psbtBase64, chain, 'recovery', key))
    psbt.updateInput(sig.inputIndex, {
      partialSig: [{ pubkey: Buffer.from(sig.pubkey, 'hex'), signature: Buffer.from(sig.signature, 'hex') }],
    });
  return psbt.toBase64();
}
