import { ed25519 } from '@noble/curves/ed25519';
import { PublicKey } from '@solana/web3.js';
import { base58 } from '@scure/base';
import type { FeePayer } from '../family';

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

/** ed25519 over the message's UTF-8 bytes by the address's key (what `signMessage` of Solana wallets signs). */
export function verifySolanaMessage(address: string, message: string, signature: string): boolean {
  const bytes = signatureBytes(signature);
  if (!bytes) return false;
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), new PublicKey(address).toBytes());
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
