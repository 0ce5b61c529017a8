// Our recovery wallet against an independent implementation: @bitcoinerlab/descriptors (the
// descriptor parser and miniscript deriver Liana-style wallets use) reads the ranged descriptor we
// export and must derive the very addresses and witness scripts our own code derives.
import { DescriptorsFactory } from '@bitcoinerlab/descriptors';
import * as secp from '@bitcoinerlab/secp256k1';
import { describe, expect, it } from 'vitest';
import { walletDescriptors } from './descriptor';
import { bitcoinNetwork, type BitcoinChainKey } from './networks';
import { testSigner } from './test-signer';
import { deriveAddress, type MultisigWallet } from './wallet';

const { Output } = DescriptorsFactory(secp);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

function wallet(chain: BitcoinChainKey, blocks: number): MultisigWallet {
  const signers = [41, 42, 43].map((n) => testSigner(chain, new Uint8Array(32).fill(n)));
  return {
    chain,
    threshold: 2,
    keys: signers.map((s) => s.key),
    recovery: { key: testSigner(chain, new Uint8Array(32).fill(49)).key, blocks },
  };
}

describe('recovery wallet descriptor, read by @bitcoinerlab/descriptors', () => {
  for (const [chain, blocks] of [
    ['ltc-regtest', 10],
    ['ltc', 4320],
    ['btc', 52560],
  ] as const) {
    it(`${chain}, ${blocks} blocks: same addresses and witness scripts on both branches`, () => {
      const w = wallet(chain, blocks);
      const network = bitcoinNetwork(chain).bitcoinjs;
      const descriptors = walletDescriptors(w);
      expect(descriptors.receive).toMatch(/^wsh\(or_d\(multi\(2,\[[0-9a-f]{8}\/48h\//);
      for (const [branch, descriptor] of [
        [0, descriptors.receive],
        [1, descriptors.change],
      ] as const) {
        for (const index of [0, 1, 7]) {
          const theirs = new Output({ descriptor, index, network, checksumRequired: true });
          const ours = deriveAddress(w, branch, index);
          expect(theirs.getAddress()).toBe(ours.address);
          expect(hex(theirs.getWitnessScript()!)).toBe(hex(ours.multisigScript));
        }
      }
    });
  }

  it('a wallet without a recovery path still exports sortedmulti', () => {
    const w = { ...wallet('ltc', 10), recovery: undefined };
    expect(walletDescriptors(w).receive).toMatch(/^wsh\(sortedmulti\(2,/);
  });
});
