import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { payments, Psbt, Transaction } from 'bitcoinjs-lib';
import bs58check from 'bs58check';
import * as ecc from 'tiny-secp256k1';
import { describe, expect, it } from 'vitest';
import type { WalletUtxo } from './coin-select';
import { encodeSignature } from './der';
import { verifyDescriptorChecksum } from './descriptor-checksum';
import { isBitcoinError, type BitcoinErrorCode } from './errors';
import { bitcoinNetwork, type BitcoinChainKey } from './networks';
import { SEQUENCE_RBF } from './psbt-build';
import { buildRecoverySpendPsbt, sequenceAllowsDelay, type RecoverySpendPath } from './recovery-build';
import { addRecoverySignatures, finalizeRecoveryPsbt, recoverySigningRequests } from './recovery-sign';
import {
  deriveRecoveryAddress,
  recoveryWitnessScript,
  validateRecoveryWallet,
  type RecoveryWallet,
} from './recovery-script';
import { signRecoveryPsbt } from './recovery-test-signer';
import { testSigner } from './test-signer';
import { deriveAddress } from './wallet';

function expectCode(fn: () => unknown, code: BitcoinErrorCode, message?: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(isBitcoinError(error, code), String(error)).toBe(true);
    if (message) expect((error as Error).message).toMatch(message);
    return;
  }
  expect.unreachable(`expected ${code}`);
}

function makeWallet(chain: BitcoinChainKey, recoveryBlocks = 10) {
  const signers = [1, 2, 3].map((n) => testSigner(chain, new Uint8Array(32).fill(n)));
  const recoverer = testSigner(chain, new Uint8Array(32).fill(9));
  const wallet: RecoveryWallet = {
    chain,
    threshold: 2,
    keys: signers.map((s) => s.key),
    recovery: { key: recoverer.key, blocks: recoveryBlocks },
  };
  return { signers, recoverer, wallet };
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('recovery script and address', () => {
  it('is stable for fixed keys on each network', () => {
    const addresses = (['ltc-regtest', 'ltc', 'btc', 'btc-testnet', 'btc-regtest'] as const).map(
      (chain) => deriveRecoveryAddress(makeWallet(chain).wallet, 0, 0).address,
    );
    expect(addresses).toEqual([
      'rltc1qfj03juvyy5sd950fgc6g07z4jch3flfu96ulttxpzrg3lvhy0gmsafq375',
      'ltc1q83dvq3efgwg5maeu65mmqnjs8pxznd8579npfu0l468s73h9t73s5dfpgf',
      'bc1qf04skpch5ul77fl58dsx28ljhw5gagnnpelkht5clf0x6ahu5qeqyr48wc',
      // testnet and regtest keys share coin type 1′: one script, two prefixes
      'tb1qfj03juvyy5sd950fgc6g07z4jch3flfu96ulttxpzrg3lvhy0gmscnqgyr',
      'bcrt1qfj03juvyy5sd950fgc6g07z4jch3flfu96ulttxpzrg3lvhy0gms422w3e',
    ]);
    expect(deriveRecoveryAddress(makeWallet('ltc-regtest').wallet, 0, 0).descriptor).toMatch(/#w3u05pey$/);
  });

  it("equals the script assembled by hand from the keys in the wallet's order, and its bech32 P2WSH", () => {
    for (const chain of ['ltc-regtest', 'ltc', 'btc'] as const) {
      const { wallet } = makeWallet(chain);
      const derived = deriveRecoveryAddress(wallet, 1, 7);
      // The plain multisig wallet derives the same signer keys (it sorts them; this script does not).
      const multisig = deriveAddress({ ...wallet, recovery: undefined }, 1, 7);
      expect(derived.signers.map((s) => hex(s.pubkey)).sort()).toEqual(
        multisig.derivations.map((d) => hex(d.pubkey)),
      );
      expect(derived.signers.map((s) => s.fingerprint)).toEqual(wallet.keys.map((k) => k.fingerprint));
      const push = (k: Uint8Array) => '21' + hex(k);
      // OP_2 K1 K2 K3 OP_3 CHECKMULTISIG IFDUP NOTIF R CHECKSIGVERIFY OP_10 CSV ENDIF
      const byHand =
        '52' +
        derived.signers.map((s) => push(s.pubkey)).join('') +
        '53ae7364' +
        push(derived.recovery.pubkey) +
        'ad5ab268';
      expect(hex(derived.witnessScript)).toBe(byHand);
      // Address from SHA-256 and @scure/base's bech32, apart from bitcoinjs-lib's payments.
      const program = createHash('sha256').update(derived.witnessScript).digest();
      const hrp = bitcoinNetwork(chain).bitcoinjs.bech32;
      expect(derived.address).toBe(bech32.encode(hrp, [0, ...bech32.toWords(program)]));
      expect(hex(derived.scriptPubKey)).toBe('0020' + program.toString('hex'));
    }
  });

  it('writes the delay as the smallest push (OP_16, then script numbers)', () => {
    const { wallet } = makeWallet('ltc-regtest');
    const tail = (blocks: number) =>
      hex(
        deriveRecoveryAddress({ ...wallet, recovery: { ...wallet.recovery, blocks } }, 0, 0).witnessScript,
      ).slice(-12);
    expect(tail(1).endsWith('ad51b268')).toBe(true);
    expect(tail(16).endsWith('ad60b268')).toBe(true);
    expect(tail(17).endsWith('ad0111b268')).toBe(true);
    expect(tail(1000).endsWith('ad02e803b268')).toBe(true);
    expect(tail(65535).endsWith('03ffff00b268')).toBe(true);
  });

  it("keeps the wallet's key order (miniscript has no sortedmulti), so the ranged descriptor can say it", () => {
    const { wallet } = makeWallet('ltc');
    const reversed = { ...wallet, keys: [...wallet.keys].reverse() };
    expect(deriveRecoveryAddress(reversed, 0, 3).address).not.toBe(
      deriveRecoveryAddress(wallet, 0, 3).address,
    );
    expect(deriveRecoveryAddress(reversed, 0, 3).signers.map((s) => s.signerIndex)).toEqual([0, 1, 2]);
    expect(deriveRecoveryAddress(reversed, 0, 3).signers[0]!.fingerprint).toBe(wallet.keys[2]!.fingerprint);
  });

  it('gives a descriptor with key origins and a valid checksum', () => {
    const { wallet, signers, recoverer } = makeWallet('ltc-regtest');
    const { descriptor, signers: keys, recovery } = deriveRecoveryAddress(wallet, 0, 4);
    const body = verifyDescriptorChecksum(descriptor, true)?.body;
    expect(body).toBeDefined();
    const origin = (fp: string) => `[${fp}/48h/1h/0h/2h/0/4]`;
    expect(body).toBe(
      `wsh(or_d(multi(2,${keys.map((k) => origin(k.fingerprint) + hex(k.pubkey)).join(',')}),` +
        `and_v(v:pk(${origin(recoverer.key.fingerprint)}${hex(recovery.pubkey)}),older(10))))`,
    );
    expect(new Set(keys.map((k) => k.fingerprint))).toEqual(new Set(signers.map((s) => s.key.fingerprint)));
  });
});

describe('recovery wallet validation', () => {
  const { wallet, signers } = makeWallet('ltc-regtest');

  it('refuses a delay outside 1…65535 blocks', () => {
    for (const recoveryBlocks of [0, -1, 65536, 1.5, Number.NaN])
      expectCode(
        () => validateRecoveryWallet({ ...wallet, recovery: { ...wallet.recovery, blocks: recoveryBlocks } }),
        'INVALID_ARGUMENT',
        /1 to 65535/,
      );
    expect(() =>
      validateRecoveryWallet({ ...wallet, recovery: { ...wallet.recovery, blocks: 1 } }),
    ).not.toThrow();
    expect(() =>
      validateRecoveryWallet({ ...wallet, recovery: { ...wallet.recovery, blocks: 65535 } }),
    ).not.toThrow();
  });

  it('refuses duplicate signers and a recovery key that is a signer', () => {
    expectCode(
      () => validateRecoveryWallet({ ...wallet, keys: [signers[0]!.key, signers[0]!.key, signers[1]!.key] }),
      'INVALID_ARGUMENT',
      /duplicate/,
    );
    expectCode(
      () => validateRecoveryWallet({ ...wallet, recovery: { ...wallet.recovery, key: signers[1]!.key } }),
      'INVALID_ARGUMENT',
      /recovery key is one of the signer keys/,
    );
    // The same key with other metadata (parent fingerprint bytes changed) is still the same key.
    const raw = Buffer.from(bs58check.decode(signers[2]!.key.xpub));
    raw.writeUInt32BE(0xdeadbeef, 5);
    const disguised = { ...signers[2]!.key, xpub: bs58check.encode(raw) };
    expect(disguised.xpub).not.toBe(signers[2]!.key.xpub);
    expectCode(
      () => validateRecoveryWallet({ ...wallet, recovery: { ...wallet.recovery, key: disguised } }),
      'INVALID_ARGUMENT',
      /recovery key is one of the signer keys/,
    );
  });

  it('refuses a bad threshold, raw duplicate keys and chains without segwit', () => {
    expectCode(() => validateRecoveryWallet({ ...wallet, threshold: 4 }), 'INVALID_ARGUMENT');
    expectCode(() => validateRecoveryWallet({ ...wallet, threshold: 0 }), 'INVALID_ARGUMENT');
    const { recovery, signers: keys } = deriveRecoveryAddress(wallet, 0, 0);
    const pubkeys = keys.map((k) => k.pubkey);
    expectCode(() => recoveryWitnessScript(2, pubkeys, pubkeys[0]!, 10), 'INVALID_ARGUMENT', /differ/);
    expectCode(() => recoveryWitnessScript(4, pubkeys, recovery.pubkey, 10), 'INVALID_ARGUMENT');
    expectCode(() => recoveryWitnessScript(2, pubkeys, recovery.pubkey, 0), 'INVALID_ARGUMENT');
    const bch = makeWallet('bch').wallet;
    expectCode(() => validateRecoveryWallet(bch), 'UNSUPPORTED');
  });
});

describe('spending by either path (no node)', () => {
  const chain = 'ltc-regtest' as const;
  const { wallet, signers, recoverer } = makeWallet(chain);
  const utxo: WalletUtxo = { txid: 'ab'.repeat(32), vout: 1, value: 100_000_000n, branch: 0, index: 0 };
  const destination = deriveAddress({ chain, threshold: 1, keys: [signers[0]!.key] }, 0, 0).address;
  const build = (path: RecoverySpendPath) =>
    buildRecoverySpendPsbt({
      wallet,
      path,
      utxos: [utxo],
      outputs: [{ address: destination, value: 0n }],
      feeRate: 2,
      changeIndex: 0,
      sendMax: true,
    });
  const witnessOf = (txHex: string) => Transaction.fromHex(txHex).ins[0]!.witness.map(hex);

  it('the recovery path: version 2, nSequence N, only the recovery key is asked, witness from the satisfier', () => {
    const built = build('recovery');
    const psbt = Psbt.fromBase64(built.psbt);
    expect(psbt.version).toBe(2);
    expect(psbt.txInputs[0]!.sequence).toBe(10);
    const [request] = recoverySigningRequests(built.psbt, chain, 'recovery');
    const recoveryKey = hex(deriveRecoveryAddress(wallet, 0, 0).recovery.pubkey);
    expect(request!.threshold).toBe(1);
    expect(request!.keys.map((k) => k.pubkey)).toEqual([recoveryKey]);

    const sigs = signRecoveryPsbt(built.psbt, chain, 'recovery', recoverer);
    expect(sigs).toHaveLength(1);
    const final = finalizeRecoveryPsbt(
      addRecoverySignatures(built.psbt, chain, 'recovery', sigs),
      chain,
      'recovery',
    );
    // The multi is dissatisfied by k + 1 = 3 empty items (dummy + two empty signatures).
    expect(final.satisfactions).toEqual([`<sig(${recoveryKey})> 0 0 0`]);
    const witness = witnessOf(final.hex);
    expect(witness).toEqual([
      sigs[0]!.signature,
      '',
      '',
      '',
      hex(deriveRecoveryAddress(wallet, 0, 0).witnessScript),
    ]);
    expect(built.vsize).toBeGreaterThanOrEqual(final.vsize);
    expect(built.vsize - final.vsize).toBeLessThanOrEqual(1);
    expect(final.fee).toBe(built.fee);
  });

  it('the k-of-n path: RBF sequence, no timelock, [dummy, sig, sig, script]', () => {
    const built = build('multisig');
    expect(Psbt.fromBase64(built.psbt).txInputs[0]!.sequence).toBe(SEQUENCE_RBF);
    const signed = addRecoverySignatures(built.psbt, chain, 'multisig', [
      ...signRecoveryPsbt(built.psbt, chain, 'multisig', signers[2]!),
      ...signRecoveryPsbt(built.psbt, chain, 'multisig', signers[0]!),
    ]);
    const final = finalizeRecoveryPsbt(signed, chain, 'multisig');
    const witness = witnessOf(final.hex);
    expect(witness).toHaveLength(4);
    expect(witness[0]).toBe('');
    expect(final.satisfactions[0]).toMatch(/^0 <sig\(\w{66}\)> <sig\(\w{66}\)>$/);
    expect(built.vsize).toBeGreaterThanOrEqual(final.vsize);
  });

  it('refuses a wrong key, a signature by another key, tampered bytes and too few signatures', () => {
    const built = build('recovery');
    const [request] = recoverySigningRequests(built.psbt, chain, 'recovery');
    const good = signRecoveryPsbt(built.psbt, chain, 'recovery', recoverer)[0]!;
    // A signer's key presented on the recovery path: refused by key, whatever the bytes.
    const signerKey = signers[0]!.master.derivePath(`${signers[0]!.key.path}/0/0`);
    expectCode(
      () =>
        addRecoverySignatures(built.psbt, chain, 'recovery', [{ ...good, pubkey: hex(signerKey.publicKey) }]),
      'SIGNER_NOT_MATCHED',
      /not the recovery key/,
    );
    // The exact digest signed by that wrong key, claimed for the recovery key: does not verify.
    const wrongKeySig = encodeSignature(
      ecc.sign(Buffer.from(request!.sighash, 'hex'), signerKey.privateKey!),
      request!.sighashType,
    );
    expectCode(
      () => addRecoverySignatures(built.psbt, chain, 'recovery', [{ ...good, signature: hex(wrongKeySig) }]),
      'SIGNATURE_INVALID',
    );
    // One byte of r flipped.
    const tampered = Buffer.from(good.signature, 'hex');
    tampered[10] = tampered[10]! ^ 0x01;
    expectCode(
      () => addRecoverySignatures(built.psbt, chain, 'recovery', [{ ...good, signature: hex(tampered) }]),
      'SIGNATURE_INVALID',
    );
    expectCode(
      () =>
        addRecoverySignatures(built.psbt, chain, 'recovery', [
          { ...good, signature: good.signature.slice(4) },
        ]),
      'SIGNATURE_MALFORMED',
    );
    // The recovery key is no signer of the k-of-n path.
    expectCode(() => addRecoverySignatures(built.psbt, chain, 'multisig', [good]), 'SIGNER_NOT_MATCHED');
    expectCode(() => finalizeRecoveryPsbt(built.psbt, chain, 'recovery'), 'SIGNATURES_BELOW_THRESHOLD');
    const oneSigner = addRecoverySignatures(
      build('multisig').psbt,
      chain,
      'multisig',
      signRecoveryPsbt(build('multisig').psbt, chain, 'multisig', signers[1]!),
    );
    expectCode(
      () => finalizeRecoveryPsbt(oneSigner, chain, 'multisig'),
      'SIGNATURES_BELOW_THRESHOLD',
      /1 of 2/,
    );
  });

  it('refuses the recovery path on a transaction whose nSequence cannot meet the delay', () => {
    const built = build('multisig');
    expectCode(() => recoverySigningRequests(built.psbt, chain, 'recovery'), 'PSBT_INVALID', /nSequence 10/);
    const short = Psbt.fromBase64(build('recovery').psbt);
    short.setInputSequence(0, 9);
    expectCode(() => recoverySigningRequests(short.toBase64(), chain, 'recovery'), 'PSBT_INVALID');
    expect(sequenceAllowsDelay(2, 10, 10)).toBe(true);
    expect(sequenceAllowsDelay(1, 10, 10)).toBe(false);
    expect(sequenceAllowsDelay(2, 0x00400000 | 10, 10)).toBe(false);
    expect(sequenceAllowsDelay(2, 0x80000000 | 10, 10)).toBe(false);
  });

  it('refuses an input whose witnessScript is not the recovery template or not what the UTXO pays to', () => {
    const tamper = (edit: (script: Buffer) => void, fixUtxo: boolean) => {
      const psbt = Psbt.fromBase64(build('recovery').psbt);
      const input = psbt.data.inputs[0]!;
      const script = Buffer.from(input.witnessScript!);
      edit(script);
      input.witnessScript = script;
      if (fixUtxo)
        input.witnessUtxo = {
          ...input.witnessUtxo!,
          script: payments.p2wsh({ redeem: { output: script } }).output!,
        };
      return psbt.toBase64();
    };
    // OP_10 → OP_9 without touching the UTXO: the P2WSH no longer matches.
    const nine = tamper((s) => (s[s.length - 3] = 0x59), false);
    expectCode(() => recoverySigningRequests(nine, chain, 'recovery'), 'PSBT_INVALID', /P2WSH/);
    // OP_IFDUP → OP_DUP, with a UTXO that pays to it: not what the library compiles.
    const dup = tamper((s) => (s[s.indexOf(0x73, 100)] = 0x76), true);
    expectCode(
      () => recoverySigningRequests(dup, chain, 'recovery'),
      'PSBT_INVALID',
      /not a recovery-wallet script/,
    );
  });
});
