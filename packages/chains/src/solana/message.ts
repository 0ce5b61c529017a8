import { ed25519 } from '@noble/curves/ed25519';
import { address as kitAddress } from '@solana/addresses';
import {
  compileOffchainMessageV0Envelope,
  compileOffchainMessageV1Envelope,
  offchainMessageApplicationDomain,
  offchainMessageContentRestrictedAsciiOf1232BytesMax,
  offchainMessageContentUtf8Of1232BytesMax,
  offchainMessageContentUtf8Of65535BytesMax,
  type OffchainMessageV0,
} from '@solana/offchain-messages';
import { PublicKey } from '@solana/web3.js';
import { base58 } from '@scure/base';
import type { FeePayer } from '../family';

/** The off-chain messages' signing domain (no transaction message can start with 0xff). */
const SIGNING_DOMAIN = new Uint8Array([0xff, ...new TextEncoder().encode('solana offchain')]);

/**
 * The first off-chain message format, which the Solana CLI's `sign-offchain-message` and older
 * Ledger apps sign: domain, version 0, format, u16 length (little-endian), the text.
 */
function legacyOffchainMessage(text: Uint8Array, format: number): Uint8Array {
  return new Uint8Array([...SIGNING_DOMAIN, 0, format, text.length & 0xff, text.length >> 8, ...text]);
}

/**
 * The off-chain message envelopes a wallet may sign the text in, naming this one signer: the
 * first format, version 0 (no application domain: 32 zero bytes, as Ledger's Solana app sends
 * it) and version 1 (what the wallet standard's `solana:signOffchainMessage` produces), the
 * versions built by Solana's own encoder. The format byte is the signer tool's choice (ASCII or
 * UTF-8 by length), so each one the text allows is a candidate.
 */
function offchainEnvelopes(address: string, message: string): Uint8Array[] {
  const signatories = [{ address: kitAddress(address) }];
  const text = new TextEncoder().encode(message);
  const v0 = (content: () => OffchainMessageV0['content']) => () =>
    compileOffchainMessageV0Envelope({
      version: 0,
      applicationDomain: offchainMessageApplicationDomain(base58.encode(new Uint8Array(32))),
      content: content(),
      requiredSignatories: signatories,
    } as OffchainMessageV0);
  const attempts = [
    () => ({ content: legacyOffchainMessage(text, 0) }),
    () => ({ content: legacyOffchainMessage(text, 1) }),
    () => ({ content: legacyOffchainMessage(text, 2) }),
    v0(() => offchainMessageContentRestrictedAsciiOf1232BytesMax(message)),
    v0(() => offchainMessageContentUtf8Of1232BytesMax(message)),
    v0(() => offchainMessageContentUtf8Of65535BytesMax(message)),
    () =>
      compileOffchainMessageV1Envelope({ version: 1, content: message, requiredSignatories: signatories }),
  ];
  const envelopes: Uint8Array[] = [];
  for (const attempt of attempts) {
    try {
      envelopes.push(new Uint8Array(attempt().content));
    } catch {
      // a text this format cannot carry
    }
  }
  return envelopes;
}

/**
 * A signature as wallets hand it out: Phantom, Solflare and `solana sign-offchain-message`
 * tools give base58; some give hex or base64. Anything that is not 64 bytes is refused.
 */
export function signatureBytes(text: string): Uint8Array | null {
  const value = text.trim();
  const tries: Array<() => Uint8Array> = [
    () => base58.decode(value),
    () =>
      /^(0x)?[0-9a-fA-F]{128}$/.test(value) ? Buffer.from(value.replace(/^0x/, ''), 'hex') : new Uint8Array(),
    () => (/^[A-Za-z0-9+/]{86}==$/.test(value) ? Buffer.from(value, 'base64') : new Uint8Array()),
  ];
  for (const attempt of tries) {
    try {
      const bytes = attempt();
      if (bytes.length === 64) return bytes;
    } catch {
      // not this encoding
    }
  }
  return null;
}

/**
 * A proof that the address's key signed `message`: ed25519 over its UTF-8 bytes (what the
 * `signMessage` of Phantom or Solflare signs), or over the text in a Solana off-chain message
 * envelope naming this signer (Ledger, the Solana CLI, wallets' `signOffchainMessage`). Each
 * candidate is built here from the challenge, so only a signature over this text counts.
 */
export function verifySolanaMessage(address: string, message: string, signature: string): boolean {
  const bytes = signatureBytes(signature);
  if (!bytes) return false;
  try {
    const key = new PublicKey(address).toBytes();
    const signed = [new TextEncoder().encode(message), ...offchainEnvelopes(address, message)];
    return signed.some((candidate) => ed25519.verify(bytes, candidate, key));
  } catch {
    return false;
  }
}

/** An ed25519 key from its 32-byte seed, as a fee payer: its address, and signatures over message bytes. */
export function seedSigner(seed: Uint8Array): FeePayer {
  const address = new PublicKey(ed25519.getPublicKey(seed)).toBase58();
  return { address, sign: (message) => ed25519.sign(message, seed) };
}

/** A fresh random 32-byte ed25519 seed. */
export const newSeed = (): Uint8Array => ed25519.utils.randomPrivateKey();
