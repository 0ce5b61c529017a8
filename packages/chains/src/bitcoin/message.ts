import { address as baddress, crypto as bcrypto, payments } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BitcoinError } from './errors';
import { deriveChild, parsePath, type SignerKey } from './keys';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';

/**
 * Signed messages (the "Bitcoin Signed Message" of Bitcoin Core, BIP-137 headers): a 65-byte
 * compact recoverable signature, base64, over hash256(magic || message) with varint lengths.
 * Header 27–30: P2PKH uncompressed, 31–34: P2PKH compressed, 35–38: P2SH-P2WPKH, 39–42: P2WPKH.
 * Like Electrum and Sparrow, the address type is not enforced from the header: a recovered
 * compressed key is matched against all its single-key address forms.
 */
function varint(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  const b = Buffer.alloc(3);
  b[0] = 0xfd;
  b.writeUInt16LE(n, 1);
  return b;
}

/** hash256 of the magic-prefixed message. */
export function messageHash(network: BitcoinNetwork, message: string): Uint8Array {
  const magic = Buffer.from(network.messageMagic, 'utf8');
  const body = Buffer.from(message, 'utf8');
  return bcrypto.hash256(Buffer.concat([varint(magic.length), magic, varint(body.length), body]));
}

/** The public key that made a signature, or null when the signature is malformed. */
export function recoverMessageSigner(
  chain: BitcoinChainKey,
  message: string,
  signatureBase64: string,
): { pubkey: Uint8Array; compressed: boolean } | null {
  const network = bitcoinNetwork(chain);
  const sig = Buffer.from(signatureBase64.trim(), 'base64');
  if (sig.length !== 65) return null;
  const header = sig[0]!;
  if (header < 27 || header > 42) return null;
  const recoveryId = ((header - 27) & 3) as 0 | 1 | 2 | 3;
  const compressed = header >= 31;
  try {
    const pubkey = ecc.recover(messageHash(network, message), sig.subarray(1), recoveryId, compressed);
    return pubkey ? { pubkey, compressed } : null;
  } catch {
    return null;
  }
}

function refuseTaprootAddress(address: string): void {
  try {
    const decoded = baddress.fromBech32(address);
    if (decoded.version === 1)
      throw new BitcoinError('TAPROOT_UNSUPPORTED_ERROR', 'Taproot addresses are not supported');
  } catch (error) {
    if (error instanceof BitcoinError) throw error;
  }
}

/** The single-key addresses of a public key: P2PKH, and for compressed keys P2WPKH and P2SH-P2WPKH. */
export function singleKeyAddresses(network: BitcoinNetwork, pubkey: Uint8Array): string[] {
  const net = network.bitcoinjs;
  const out = [payments.p2pkh({ pubkey, network: net }).address!];
  if (pubkey.length === 33 && net.bech32) {
    const wpkh = payments.p2wpkh({ pubkey, network: net });
    out.push(wpkh.address!, payments.p2sh({ redeem: wpkh, network: net }).address!);
  }
  return out;
}

/** Verifies a signed message against an address. Taproot addresses throw TAPROOT_UNSUPPORTED_ERROR. */
export function verifyMessageForAddress(
  chain: BitcoinChainKey,
  address: string,
  message: string,
  signatureBase64: string,
): boolean {
  const network = bitcoinNetwork(chain);
  refuseTaprootAddress(address.trim());
  const recovered = recoverMessageSigner(chain, message, signatureBase64);
  if (!recovered) return false;
  const wanted = address.trim();
  return singleKeyAddresses(network, recovered.pubkey).some(
    (a) => a === wanted || (a.startsWith(network.bitcoinjs.bech32 + '1') && a === wanted.toLowerCase()),
  );
}

/** Verifies a signed message against a public key (hex, compressed). */
export function verifyMessageForPublicKey(
  chain: BitcoinChainKey,
  pubkeyHex: string,
  message: string,
  signatureBase64: string,
): boolean {
  const recovered = recoverMessageSigner(chain, message, signatureBase64);
  if (!recovered) return false;
  const pk = Buffer.from(pubkeyHex, 'hex');
  const key = recovered.compressed ? recovered.pubkey : ecc.pointCompress(recovered.pubkey, true);
  return Buffer.compare(Buffer.from(key), pk) === 0;
}

/**
 * Verifies that the holder of a signer key signed the server's challenge: with the key at
 * `childPath` below the xpub (e.g. "0/0", as wallets sign with an address of the account), or
 * the xpub's own key when no path is given.
 */
export function verifySignerKeyMessage(
  chain: BitcoinChainKey,
  key: SignerKey,
  message: string,
  signatureBase64: string,
  childPath?: string,
): boolean {
  const network = bitcoinNetwork(chain);
  const steps = childPath ? parsePath(childPath) : [];
  const node = deriveChild(key.xpub, network, steps);
  return verifyMessageForPublicKey(
    chain,
    Buffer.from(node.publicKey).toString('hex'),
    message,
    signatureBase64,
  );
}

/** Makes the message a signer must sign to prove control of a key. */
export function signerChallenge(nonce: string, label = 'Keystead signer verification'): string {
  return `${label}\nnonce: ${nonce}`;
}
