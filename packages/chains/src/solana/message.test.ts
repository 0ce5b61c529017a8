import { getAddressFromPublicKey } from '@solana/addresses';
import { createKeyPairFromPrivateKeyBytes, signBytes } from '@solana/keys';
import {
  compileOffchainMessageV0Envelope,
  compileOffchainMessageV1Envelope,
  offchainMessageApplicationDomain,
  offchainMessageContentUtf8Of1232BytesMax,
} from '@solana/offchain-messages';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { newSeed, seedSigner, verifySolanaMessage } from './message';

// A challenge as the platform writes it: several lines, so not "restricted ASCII".
const CHALLENGE = [
  'Keystead signer address verification',
  'Address: 4fwzf5RUcptqpMTYjNhXVuYabeX9bF1patCSYTkMufFN',
  'Nonce: 3b9f0c1d',
].join('\n');

/** A key held by Solana's own WebCrypto signer (@solana/keys), not by the code under test. */
async function kitKey() {
  const seed = newSeed();
  const pair = await createKeyPairFromPrivateKeyBytes(seed);
  const address = await getAddressFromPublicKey(pair.publicKey);
  return {
    address,
    sign: async (bytes: Uint8Array) => base58.encode(await signBytes(pair.privateKey, bytes)),
  };
}

describe('Solana signer proofs: signMessage and off-chain message envelopes', () => {
  it('verifies the Solana CLI’s `sign-offchain-message` output (published example)', () => {
    // `solana sign-offchain-message --keypair … "hey there"` and the key's address, as printed in
    // coinlist/hancock's solana/README.md (verified there with `solana verify-offchain-signature`).
    const signer = '4fwzf5RUcptqpMTYjNhXVuYabeX9bF1patCSYTkMufFN';
    const signature =
      '3zHMng1qyLHbPTBw1YxBVwJGBWhkqRrX6JipKqmWiT9P4oMEuacqdjvWEbHaG6CbMF6rYL4e22qkP7zcY8FP4Bfr';
    expect(verifySolanaMessage(signer, 'hey there', signature)).toBe(true);
    expect(verifySolanaMessage(signer, 'hey there!', signature)).toBe(false);
    expect(verifySolanaMessage(seedSigner(newSeed()).address, 'hey there', signature)).toBe(false);
  });

  it('verifies a plain signMessage over the UTF-8 text (Phantom, Solflare)', async () => {
    const key = await kitKey();
    const signature = await key.sign(new TextEncoder().encode(CHALLENGE));
    expect(verifySolanaMessage(key.address, CHALLENGE, signature)).toBe(true);
    expect(verifySolanaMessage(key.address, `${CHALLENGE}x`, signature)).toBe(false);
  });

  it('verifies version 0 (Ledger: no application domain) and version 1 envelopes compiled by Solana’s encoder', async () => {
    const key = await kitKey();
    const signatories = [{ address: key.address }];
    const v0 = compileOffchainMessageV0Envelope({
      version: 0,
      applicationDomain: offchainMessageApplicationDomain(base58.encode(new Uint8Array(32))),
      content: offchainMessageContentUtf8Of1232BytesMax(CHALLENGE),
      requiredSignatories: signatories,
    });
    const v1 = compileOffchainMessageV1Envelope({
      version: 1,
      content: CHALLENGE,
      requiredSignatories: signatories,
    });
    for (const envelope of [v0, v1]) {
      const signature = await key.sign(new Uint8Array(envelope.content));
      expect(verifySolanaMessage(key.address, CHALLENGE, signature)).toBe(true);
      expect(verifySolanaMessage(key.address, 'another challenge', signature)).toBe(false);
    }
  });

  it('refuses an envelope that names another signer, or another application', async () => {
    const key = await kitKey();
    const other = await kitKey();
    const content = offchainMessageContentUtf8Of1232BytesMax(CHALLENGE);
    const zeroDomain = offchainMessageApplicationDomain(base58.encode(new Uint8Array(32)));
    const otherSigner = compileOffchainMessageV0Envelope({
      version: 0,
      applicationDomain: zeroDomain,
      content,
      requiredSignatories: [{ address: other.address }],
    });
    const otherDomain = compileOffchainMessageV0Envelope({
      version: 0,
      applicationDomain: offchainMessageApplicationDomain(base58.encode(new Uint8Array(32).fill(7))),
      content,
      requiredSignatories: [{ address: key.address }],
    });
    for (const envelope of [otherSigner, otherDomain]) {
      const signature = await key.sign(new Uint8Array(envelope.content));
      expect(verifySolanaMessage(key.address, CHALLENGE, signature)).toBe(false);
    }
    expect(verifySolanaMessage(key.address, CHALLENGE, 'not a signature')).toBe(false);
  });
});
