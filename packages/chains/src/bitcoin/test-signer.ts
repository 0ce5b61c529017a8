// Test and devnet helper only: signers hold keys, the library and the server never do.
// Not exported from the package index.
import type { BIP32Interface } from 'bip32';
import { Psbt } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { encodeSignature } from './der';
import { bip32, formatPath, parsePath, type SignerKey } from './keys';
import { bitcoinNetwork, type BitcoinChainKey } from './networks';
import { signingRequests, type PartialSignature } from './psbt-sign';
import { defaultSignerPath } from './wallet';

export interface TestSigner {
  master: BIP32Interface;
  key: SignerKey;
}

/** A signer from a 32-byte seed: its master and its BIP-48 account xpub. */
export function testSigner(
  chain: BitcoinChainKey,
  seed: Uint8Array,
  path = defaultSignerPath(chain),
): TestSigner {
  const network = bitcoinNetwork(chain);
  const master = bip32.fromSeed(Buffer.from(seed), network.bitcoinjs);
  const account = master.derivePath(path);
  return {
    master,
    key: {
      fingerprint: Buffer.from(master.fingerprint).toString('hex'),
      path: formatPath(parsePath(path)),
      xpub: account.neutered().toBase58(),
    },
  };
}

/** Signs every input this signer has a key for (low-S, RFC 6979), as a hardware wallet would. */
export function signPsbt(psbtBase64: string, chain: BitcoinChainKey, signer: TestSigner): PartialSignature[] {
  const fp = signer.key.fingerprint;
  const out: PartialSignature[] = [];
  for (const request of signingRequests(psbtBase64, chain)) {
    for (const key of request.keys) {
      if (key.fingerprint !== fp || !key.path) continue;
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

/** The PSBT with this signer's partial signatures added, as a signer would send it back. */
export function signPsbtAsSigner(psbtBase64: string, chain: BitcoinChainKey, signer: TestSigner): string {
  const network = bitcoinNetwork(chain);
  const psbt = Psbt.fromBase64(psbtBase64, { network: network.bitcoinjs });
  for (const sig of signPsbt(psbtBase64, chain, signer)) {
    psbt.updateInput(sig.inputIndex, {
      partialSig: [{ pubkey: Buffer.from(sig.pubkey, 'hex'), signature: Buffer.from(sig.signature, 'hex') }],
    });
  }
  return psbt.toBase64();
}
