import { Transaction } from 'bitcoinjs-lib';
import bs58check from 'bs58check';
import { describe, expect, it } from 'vitest';
import { selectCoins, type WalletUtxo } from './coin-select';
import { parseDescriptor, walletDescriptors, walletFromDescriptor } from './descriptor';
import { isBitcoinError, type BitcoinErrorCode } from './errors';
import { parseExtendedPublicKey, parseSignerKey } from './keys';
import { bitcoinNetwork, type BitcoinChainKey } from './networks';
import { buildSpendPsbt } from './psbt-build';
import {
  addPartialSignatures,
  combinePsbts,
  finalizePsbt,
  signatureProgress,
  signingRequests,
} from './psbt-sign';
import { buildReplacementPsbt } from './rbf';
import { estimateVsize, multisigInputWeight, multisigScriptSize } from './size';
import { signPsbt, signPsbtAsSigner, testSigner } from './test-signer';
import { deriveAddress, type MultisigWallet } from './wallet';

function expectCode(fn: () => unknown, code: BitcoinErrorCode): void {
  try {
    fn();
  } catch (error) {
    expect(isBitcoinError(error, code), String(error)).toBe(true);
    return;
  }
  expect.unreachable(`expected ${code}`);
}

const seeds = [1, 2, 3].map((n) => new Uint8Array(32).fill(n));
function makeWallet(chain: BitcoinChainKey, threshold = 2) {
  const signers = seeds.map((s) => testSigner(chain, s));
  const wallet: MultisigWallet = { chain, threshold, keys: signers.map((s) => s.key) };
  return { signers, wallet };
}

describe('signer keys', () => {
  const { signers } = makeWallet('btc');
  const xpub = signers[0]!.key.xpub;

  it('normalises SLIP-132 versions (Zpub) to xpub and checks depth/fingerprint', () => {
    const raw = Buffer.from(parseExtendedPublicKey(xpub, bitcoinNetwork('btc')).toBase58());
    expect(raw.toString()).toBe(xpub);
    // Re-encode as Zpub (0x02aa7ed3) and read back.
    const bytes = Buffer.from(bs58check.decode(xpub));
    bytes.writeUInt32BE(0x02aa7ed3, 0);
    const zpub = bs58check.encode(bytes);
    expect(zpub.startsWith('Zpub')).toBe(true);
    const key = parseSignerKey(
      { xpub: zpub, fingerprint: signers[0]!.key.fingerprint.toUpperCase(), path: 'm/48h/0h/0h/2h' },
      bitcoinNetwork('btc'),
    );
    expect(key).toEqual(signers[0]!.key);
    expectCode(
      () => parseSignerKey({ xpub, fingerprint: 'abcd', path: "m/48'/0'/0'/2'" }, bitcoinNetwork('btc')),
      'INVALID_ARGUMENT',
    );
    expectCode(
      () => parseSignerKey({ xpub, fingerprint: '00000000', path: "m/48'/0'/0'" }, bitcoinNetwork('btc')),
      'INVALID_ARGUMENT',
    );
  });

  it('refuses private keys, the other network, and Taproot paths', () => {
    expectCode(
      () => parseExtendedPublicKey(signers[0]!.master.toBase58(), bitcoinNetwork('btc')),
      'PRIVATE_KEY_REFUSED',
    );
    expectCode(() => parseExtendedPublicKey(xpub, bitcoinNetwork('btc-testnet')), 'NETWORK_MISMATCH');
    const taproot = signers[0]!.master.derivePath("m/86'/0'/0'").neutered().toBase58();
    expectCode(
      () =>
        parseSignerKey(
          { xpub: taproot, fingerprint: signers[0]!.key.fingerprint, path: "m/86'/0'/0'" },
          bitcoinNetwork('btc'),
        ),
      'TAPROOT_UNSUPPORTED_ERROR',
    );
  });
});

describe('multisig wallets and descriptors', () => {
  it('derives P2WSH addresses for BTC mainnet, testnet and regtest and P2SH for BCH', () => {
    const prefixes: [BitcoinChainKey, RegExp][] = [
      ['btc', /^bc1q[02-9ac-hj-np-z]{58}$/],
      ['btc-testnet', /^tb1q[02-9ac-hj-np-z]{58}$/],
      ['btc-regtest', /^bcrt1q[02-9ac-hj-np-z]{58}$/],
      ['ltc', /^ltc1q/],
      ['ltc-regtest', /^rltc1q/],
      ['bch', /^3/],
    ];
    for (const [chain, re] of prefixes) {
      const { wallet } = makeWallet(chain);
      const receive = deriveAddress(wallet, 0, 0);
      const change = deriveAddress(wallet, 1, 0);
      expect(receive.address, chain).toMatch(re);
      expect(change.address).not.toBe(receive.address);
      expect(receive.derivations.map((d) => d.path)).toEqual(
        wallet.keys.map(() => expect.stringMatching(/\/0\/0$/)),
      );
    }
  });

  it('descriptor round trip: emit with checksum, parse back, same addresses', () => {
    for (const chain of ['btc', 'btc-regtest', 'bch'] as const) {
      const { wallet } = makeWallet(chain);
      const { receive, change } = walletDescriptors(wallet);
      expect(receive).toMatch(
        chain === 'bch'
          ? /^sh\(sortedmulti\(2,\[[0-9a-f]{8}\/48h\/145h\/0h\/1h\][tx]pub/
          : /^wsh\(sortedmulti\(2,\[[0-9a-f]{8}\/48h\/[01]h\/0h\/2h\]/,
      );
      expect(receive).toMatch(/#[a-z0-9]{8}$/);
      expect(change).toContain('/1/*');
      const imported = walletFromDescriptor(receive, chain);
      expect(imported).toEqual(wallet);
      expect(deriveAddress(imported, 0, 7).address).toBe(deriveAddress(wallet, 0, 7).address);
      // A changed character breaks the checksum.
      expect(() => parseDescriptor(receive.replace('sortedmulti(2', 'sortedmulti(1'), chain)).toThrow(
        /checksum/,
      );
    }
  });

  it('limits: n ≤ 16, 1 ≤ m ≤ n, P2SH n ≤ 15', () => {
    const { wallet } = makeWallet('btc');
    expectCode(() => deriveAddress({ ...wallet, threshold: 4 }, 0, 0), 'INVALID_ARGUMENT');
    expectCode(() => deriveAddress({ ...wallet, threshold: 0 }, 0, 0), 'INVALID_ARGUMENT');
    const many = Array.from({ length: 17 }, (_, i) => testSigner('btc', new Uint8Array(32).fill(i + 10)).key);
    expectCode(() => deriveAddress({ chain: 'btc', threshold: 2, keys: many }, 0, 0), 'INVALID_ARGUMENT');
    expect(deriveAddress({ chain: 'btc', threshold: 2, keys: many.slice(0, 16) }, 0, 0).address).toMatch(
      /^bc1q/,
    );
    expectCode(
      () =>
        deriveAddress(
          {
            chain: 'bch',
            threshold: 2,
            keys: Array.from(
              { length: 16 },
              (_, i) => testSigner('bch', new Uint8Array(32).fill(i + 40)).key,
            ),
          },
          0,
          0,
        ),
      'INVALID_ARGUMENT',
    );
  });
});

describe('fees, selection and PSBTs', () => {
  const outside = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
  const utxo = (value: bigint, i: number, branch: 0 | 1 = 0): WalletUtxo => ({
    txid: (i + 1).toString(16).padStart(64, '0'),
    vout: 0,
    value,
    branch,
    index: i,
  });

  it('estimates a 2-of-3 P2WSH input at 104.5 vB (signatures at 72 bytes)', () => {
    const net = bitcoinNetwork('btc');
    expect(multisigInputWeight(net, 2, multisigScriptSize(3))).toBe(164 + 1 + 1 + 2 * 73 + 1 + 105);
    // 1 input, 2 outputs (P2WPKH 22 + P2WSH 34)
    expect(estimateVsize(net, 2, multisigScriptSize(3), 1, [22, 34])).toBe(
      Math.ceil((42 + 418 + 4 * (31 + 43)) / 4),
    );
  });

  it('selection errors: UTXO shortage, fee above balance; dust recipient', () => {
    const costs = { feeOf: (n: number) => BigInt(100 + 100 * n), changeDust: 330n };
    expectCode(() => selectCoins([], 1000n, costs), 'UTXO_SHORTAGE_ERROR');
    expectCode(() => selectCoins([utxo(900n, 0)], 1000n, costs), 'UTXO_SHORTAGE_ERROR');
    expectCode(() => selectCoins([utxo(1100n, 0)], 1000n, costs), 'TRANSFER_FEE_EXCEEDS_BALANCE_ERROR');
    // Exact changeless match found by branch and bound.
    const exact = selectCoins([utxo(5000n, 0), utxo(1300n, 1), utxo(700n, 2)], 1000n, costs);
    expect(exact.inputs.map((u) => u.value)).toEqual([1300n]);
    expect(exact.change).toBe(0n);
    const { wallet } = makeWallet('btc-regtest');
    expectCode(
      () =>
        buildSpendPsbt({
          wallet,
          utxos: [utxo(100_000n, 0)],
          outputs: [{ address: outside, value: 100n }],
          feeRate: 1,
          changeIndex: 0,
        }),
      'TRANSFER_VOLUME_TOO_SMALL_ERROR',
    );
    expectCode(
      () =>
        buildSpendPsbt({
          wallet,
          utxos: [utxo(100_000n, 0)],
          outputs: [
            { address: 'bcrt1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rus2dsqkk', value: 1000n },
          ],
          feeRate: 1,
          changeIndex: 0,
        }),
      'TAPROOT_UNSUPPORTED_ERROR',
    );
  });

  it('build → sign (2 of 3) → combine → finalize; below threshold is refused; RBF rules', () => {
    const { wallet, signers } = makeWallet('btc-regtest');
    const utxos = [utxo(200_000n, 0), utxo(150_000n, 1, 1), utxo(50_000n, 2)];
    const built = buildSpendPsbt({
      wallet,
      utxos,
      outputs: [
        { address: outside, value: 120_000n },
        { address: deriveAddress(wallet, 0, 9).address, value: 10_000n },
      ],
      feeRate: 5,
      changeIndex: 3,
    });
    expect(built.change?.address).toBe(deriveAddress(wallet, 1, 3).address);
    const requests = signingRequests(built.psbt, 'btc-regtest');
    expect(requests.every((r) => r.keys.length === 3 && r.sighashType === 1)).toBe(true);
    const one = signPsbtAsSigner(built.psbt, 'btc-regtest', signers[0]!);
    expectCode(
      () => finalizePsbt(combinePsbts('btc-regtest', built.psbt, [one]), 'btc-regtest'),
      'SIGNATURES_BELOW_THRESHOLD',
    );
    const two = signPsbtAsSigner(built.psbt, 'btc-regtest', signers[2]!);
    const combined = combinePsbts('btc-regtest', built.psbt, [one, two]);
    expect(signatureProgress(combined, 'btc-regtest').every((p) => p.valid === 2)).toBe(true);
    const final = finalizePsbt(combined, 'btc-regtest');
    expect(final.fee).toBe(built.fee);
    expect(final.vsize).toBeLessThanOrEqual(built.vsize);
    const tx = Transaction.fromHex(final.hex);
    expect(
      tx.ins.every((i) => i.sequence === 0xfffffffd && i.witness.length === 4 && i.witness[0]!.length === 0),
    ).toBe(true);
    // A signature over another digest, or by a stranger, is refused.
    const other = buildSpendPsbt({
      wallet,
      utxos,
      outputs: [{ address: outside, value: 120_001n }],
      feeRate: 5,
      changeIndex: 3,
    });
    const bad = signPsbt(other.psbt, 'btc-regtest', signers[1]!)[0]!;
    expectCode(() => addPartialSignatures(built.psbt, 'btc-regtest', [bad]), 'SIGNATURE_INVALID');
    const sig = Buffer.from(bad.signature, 'hex');
    sig[sig.length - 1] = 0x81;
    expectCode(
      () => addPartialSignatures(built.psbt, 'btc-regtest', [{ ...bad, signature: sig.toString('hex') }]),
      'SIGNATURE_MALFORMED',
    );
    const stranger = testSigner('btc-regtest', new Uint8Array(32).fill(9));
    const strangerSig = signPsbt(built.psbt, 'btc-regtest', {
      ...stranger,
      key: signers[1]!.key,
      master: stranger.master,
    });
    expect(strangerSig).toEqual([]);
    // RBF: too low a rate, then an accepted one paid from change.
    const rbfBase = {
      wallet,
      originalPsbt: built.psbt,
      originalFee: final.fee,
      originalVsize: final.vsize,
      inputs: built.inputs,
    };
    expectCode(() => buildReplacementPsbt({ ...rbfBase, feeRate: 5.5 }), 'RBF_FEE_RATE_TOO_LOW_ERROR');
    const bumped = buildReplacementPsbt({ ...rbfBase, feeRate: 12 });
    expect(bumped.fee).toBeGreaterThan(final.fee);
  });

  it('Bitcoin Cash: P2SH spend signed with SIGHASH_ALL|FORKID', () => {
    const { wallet, signers } = makeWallet('bch');
    const addr = deriveAddress(wallet, 0, 0);
    const prev = new Transaction();
    prev.addInput(Buffer.alloc(32, 7), 0);
    prev.addOutput(addr.scriptPubKey, 500_000n);
    const u: WalletUtxo = {
      txid: prev.getId(),
      vout: 0,
      value: 500_000n,
      branch: 0,
      index: 0,
      prevTxHex: prev.toHex(),
    };
    const built = buildSpendPsbt({
      wallet,
      utxos: [u],
      outputs: [{ address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', value: 100_000n }],
      feeRate: 2,
      changeIndex: 0,
    });
    expect(signingRequests(built.psbt, 'bch')[0]!.sighashType).toBe(0x41);
    const signed = combinePsbts('bch', built.psbt, [
      signPsbtAsSigner(built.psbt, 'bch', signers[0]!),
      signPsbtAsSigner(built.psbt, 'bch', signers[1]!),
    ]);
    const final = finalizePsbt(signed, 'bch');
    const tx = Transaction.fromHex(final.hex);
    expect(tx.ins[0]!.sequence).toBe(0xffffffff);
    expect(tx.ins[0]!.witness).toHaveLength(0);
    expect(tx.ins[0]!.script.length).toBeGreaterThan(100);
    expectCode(
      () =>
        buildReplacementPsbt({
          wallet,
          originalPsbt: built.psbt,
          originalFee: final.fee,
          originalVsize: final.vsize,
          inputs: [u],
          feeRate: 10,
        }),
      'UNSUPPORTED',
    );
  });
});
