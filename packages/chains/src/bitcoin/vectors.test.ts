import { Psbt, Transaction } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { describe, expect, it } from 'vitest';
import bchSighash from './fixtures/bch-sighash.json';
import bip143 from './fixtures/bip143.json';
import bip174 from './fixtures/bip174.json';
import { descriptorChecksum, verifyDescriptorChecksum } from './descriptor-checksum';
import { descriptorScriptAt, parseDescriptor } from './descriptor';
import { isBitcoinError } from './errors';
import { verifyMessageForAddress, verifyMessageForPublicKey } from './message';
import { bitcoinNetwork } from './networks';
import { verifyPartialSignature } from './psbt-sign';
import { segwitV0Digest } from './sighash';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const reversed = (h: string) => Buffer.from(h, 'hex').reverse().toString('hex');

describe('BIP-143 sighash (fixtures/bip143.json)', () => {
  it.each(bip143.vectors.map((v) => [v.example, v] as const))('%s', (_name, v) => {
    const tx = Transaction.fromHex(v.tx);
    const amount = Buffer.from(v.amountLE, 'hex').readBigUInt64LE(0);
    expect(hex(segwitV0Digest(tx, v.inputIndex, Buffer.from(v.scriptCode, 'hex'), amount, v.hashType))).toBe(
      v.sigHash,
    );
  });

  it('the 6-of-6 example signatures verify against their keys and digests', () => {
    for (const v of bip143.vectors.filter((x) => 'signature' in x)) {
      const sig = Buffer.from(v.signature!, 'hex');
      // DER without the trailing sighash byte → compact r||s for secp256k1.
      const { signature } = (() => {
        const der = sig.subarray(0, -1);
        const rLen = der[3]!;
        const r = der.subarray(4, 4 + rLen);
        const s = der.subarray(6 + rLen);
        const pad = (x: Buffer) =>
          Buffer.concat([Buffer.alloc(32), x.subarray(x[0] === 0 ? 1 : 0)]).subarray(-32);
        return { signature: Buffer.concat([pad(r), pad(s)]) };
      })();
      expect(ecc.verify(Buffer.from(v.sigHash, 'hex'), Buffer.from(v.publicKey!, 'hex'), signature)).toBe(
        true,
      );
    }
  });

  it('the adapter verifier accepts the SIGHASH_ALL signature and refuses other sighash types', () => {
    const network = bitcoinNetwork('btc');
    const all = bip143.vectors.filter((x) => 'signature' in x);
    const tx = Transaction.fromHex(all[0]!.tx);
    const psbt = new Psbt({ network: network.bitcoinjs });
    psbt.setVersion(tx.version);
    psbt.setLocktime(tx.locktime);
    psbt.addInput({
      hash: tx.ins[0]!.hash,
      index: tx.ins[0]!.index,
      witnessUtxo: {
        script: Buffer.from('a9149993a429037b5d912407a71c252019287b8d27a587', 'hex'),
        value: 987654321n,
      },
      witnessScript: Buffer.from(all[0]!.scriptCode, 'hex'),
    });
    for (const out of tx.outs) psbt.addOutput({ script: out.script, value: out.value });
    for (const v of all) {
      const check = () =>
        verifyPartialSignature(
          psbt,
          0,
          Buffer.from(v.publicKey!, 'hex'),
          Buffer.from(v.signature!, 'hex'),
          network,
        );
      if (v.hashType === 1) expect(check).not.toThrow();
      else expect(check).toThrow(/sighash type/);
    }
  });
});

describe('Bitcoin Cash FORKID sighash (fixtures/bch-sighash.json)', () => {
  it(`matches ${bchSighash.vectors.length} published digests`, () => {
    let matched = 0;
    for (const v of bchSighash.vectors) {
      const tx = Transaction.fromHex(v.tx);
      const digest = segwitV0Digest(tx, v.inputIndex, Buffer.from(v.scriptCode, 'hex'), 0n, v.hashType >>> 0);
      expect(hex(digest), `row ${matched}`).toBe(reversed(v.sigHash));
      matched++;
    }
    expect(matched).toBe(60);
  });
});

describe('BIP-174 PSBT (fixtures/bip174.json)', () => {
  it(`refuses the ${bip174.invalid.length} invalid PSBTs`, () => {
    for (const v of bip174.invalid) expect(() => Psbt.fromBase64(v.base64), v.case).toThrow();
  });

  it(`parses the ${bip174.valid.length} valid PSBTs and re-serializes them byte for byte`, () => {
    for (const v of bip174.valid) {
      const psbt = Psbt.fromBase64(v.base64);
      // The two vectors without inputs are checked for parsing only: bitcoinjs-lib writes them
      // back differently (version 0 as 2, an extra empty output map). A wallet PSBT always has inputs.
      if (/0 inputs/.test(v.case)) continue;
      expect(psbt.toBase64(), v.case).toBe(v.base64);
    }
  });

  it(`parses the ${bip174.signerChecks.length} PSBTs that only fail signer checks`, () => {
    for (const v of bip174.signerChecks) expect(() => Psbt.fromBase64(v.base64), v.case).not.toThrow();
  });

  it('walk-through: combiner, finalizer and extractor give the published results', () => {
    // workflow: creator, updater, updater+sighash, signer 1, signer 2, combined, finalized.
    const [first, second, combinedExpected, finalizedExpected] = bip174.workflow
      .slice(3, 7)
      .map((w) => w.base64);
    const combined = Psbt.fromBase64(first!).combine(Psbt.fromBase64(second!));
    // Same key-value pairs as the published result; bitcoinjs-lib writes the two partial
    // signatures of an input in the other order, which BIP-174 leaves open.
    const sigSet = (p: Psbt) =>
      p.data.inputs.map((i) => (i.partialSig ?? []).map((s) => hex(s.pubkey) + hex(s.signature)).sort());
    expect(sigSet(combined)).toEqual(sigSet(Psbt.fromBase64(combinedExpected!)));
    // The adapter's own BIP-143 digest and verifier accept the P2SH-P2WSH input's signatures.
    const testnet = bitcoinNetwork('btc-testnet');
    const input = combined.data.inputs[1]!;
    expect(input.partialSig).toHaveLength(2);
    for (const p of input.partialSig!)
      expect(() => verifyPartialSignature(combined, 1, p.pubkey, p.signature, testnet)).not.toThrow();
    combined.finalizeAllInputs();
    expect(combined.toBase64()).toBe(finalizedExpected);
    expect(combined.extractTransaction().toHex()).toBe(bip174.extractedTx);
  });

  it('combiner of PSBTs with unknown key-value pairs', () => {
    const [a, b, expected] = bip174.unknownCombine;
    expect(Psbt.fromBase64(a!.base64).combine(Psbt.fromBase64(b!.base64)).toBase64()).toBe(expected!.base64);
  });
});

describe('BIP-137 signed message', () => {
  // Bitcoin Core test/functional/rpc_signmessage.py (signmessagewithprivkey on regtest).
  const address = 'mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB';
  const message = 'This is just a test message';
  const signature =
    'INbVnW4e6PeRmsv2Qgu8NuopvrVjkcxob+sX8OcZG0SALhWybUjzMLPdAsXI46YZGb0KQTRii+wWIQzRpG/U+S0=';

  it("verifies Bitcoin Core's vector and refuses a changed message or another address", () => {
    expect(verifyMessageForAddress('btc-regtest', address, message, signature)).toBe(true);
    expect(verifyMessageForAddress('btc-regtest', address, message + '!', signature)).toBe(false);
    expect(
      verifyMessageForAddress('btc-regtest', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', message, signature),
    ).toBe(false);
    // The Litecoin magic gives a different digest: the same signature does not verify there.
    expect(verifyMessageForAddress('ltc-regtest', address, message, signature)).toBe(false);
    expect(verifyMessageForPublicKey('btc-regtest', '00'.repeat(33), message, 'bad')).toBe(false);
  });

  it('refuses Taproot addresses with the Taproot error', () => {
    try {
      verifyMessageForAddress(
        'btc',
        'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
        message,
        signature,
      );
      expect.unreachable();
    } catch (error) {
      expect(isBitcoinError(error, 'TAPROOT_UNSUPPORTED_ERROR')).toBe(true);
    }
  });
});

describe('descriptors (BIP-380 checksum, BIP-383 multisig examples)', () => {
  it('checksum examples of BIP-380', () => {
    expect(descriptorChecksum('raw(deadbeef)')).toBe('89f8spxm');
    expect(verifyDescriptorChecksum('raw(deadbeef)#89f8spxm')).toEqual({ body: 'raw(deadbeef)' });
    expect(verifyDescriptorChecksum('raw(deadbeef)#')).toBeNull();
    expect(verifyDescriptorChecksum('raw(deadbeef)#89f8spx')).toBeNull();
    expect(verifyDescriptorChecksum('raw(deadbeef)#89f8spxmx')).toBeNull();
    expect(verifyDescriptorChecksum('raw(deedbeef)#89f8spxm')).toBeNull();
    expect(verifyDescriptorChecksum('raw(deadbeef)#89f8spxn')).toBeNull();
    expect(descriptorChecksum('raw(Ü)')).toBeNull();
  });

  it('BIP-383 public-key examples give the published scripts', () => {
    const cases: [string, string[]][] = [
      [
        'multi(1,03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd,04a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea235)',
        [
          '512103a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd4104a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea23552ae',
        ],
      ],
      [
        'sortedmulti(1,04a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea235,03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd)',
        [
          '512103a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd4104a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd5b8dec5235a0fa8722476c7709c02559e3aa73aa03918ba2d492eea75abea23552ae',
        ],
      ],
      [
        'sortedmulti(2,xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL/*,xpub68NZiKmJWnxxS6aaHmn81bvJeTESw724CRDs6HbuccFQN9Ku14VQrADWgqbhhTHBaohPX4CjNLf9fq9MYo6oDaPPLPxSb7gwQN3ih19Zm4Y/0/0/*)',
        [
          '5221025d5fc65ebb8d44a5274b53bac21ff8307fec2334a32df05553459f8b1f7fe1b62102fbd47cc8034098f0e6a94c6aeee8528abf0a2153a5d8e46d325b7284c046784652ae',
          '52210264fd4d1f5dea8ded94c61e9641309349b62f27fbffe807291f664e286bfbe6472103f4ece6dfccfa37b211eb3d0af4d0c61dba9ef698622dc17eecdf764beeb005a652ae',
          '5221022ccabda84c30bad578b13c89eb3b9544ce149787e5b538175b1d1ba259cbb83321024d902e1a2fc7a8755ab5b694c575fce742c48d9ff192e63df5193e4c7afe1f9c52ae',
        ],
      ],
      [
        'sh(wsh(multi(16,03669b8afcec803a0d323e9a17f3ea8e68e8abe5a278020a929adbec52421adbd0,0260b2003c386519fc9eadf2b5cf124dd8eea4c4e68d5e154050a9346ea98ce600,0362a74e399c39ed5593852a30147f2959b56bb827dfa3e60e464b02ccf87dc5e8,0261345b53de74a4d721ef877c255429961b7e43714171ac06168d7e08c542a8b8,02da72e8b46901a65d4374fe6315538d8f368557dda3a1dcf9ea903f3afe7314c8,0318c82dd0b53fd3a932d16e0ba9e278fcc937c582d5781be626ff16e201f72286,0297ccef1ef99f9d73dec9ad37476ddb232f1238aff877af19e72ba04493361009,02e502cfd5c3f972fe9a3e2a18827820638f96b6f347e54d63deb839011fd5765d,03e687710f0e3ebe81c1037074da939d409c0025f17eb86adb9427d28f0f7ae0e9,02c04d3a5274952acdbc76987f3184b346a483d43be40874624b29e3692c1df5af,02ed06e0f418b5b43a7ec01d1d7d27290fa15f75771cb69b642a51471c29c84acd,036d46073cbb9ffee90473f3da429abc8de7f8751199da44485682a989a4bebb24,02f5d1ff7c9029a80a4e36b9a5497027ef7f3e73384a4a94fbfe7c4e9164eec8bc,02e41deffd1b7cce11cde209a781adcffdabd1b91c0ba0375857a2bfd9302419f3,02d76625f7956a7fc505ab02556c23ee72d832f1bac391bcd2d3abce5710a13d06,0399eb0a5487515802dc14544cf10b3666623762fbed2ec38a3975716e2c29c232)))',
        ['a9147fc63e13dc25e8a95a3cee3d9a714ac3afd96f1e87'],
      ],
    ];
    for (const [text, scripts] of cases) {
      const parsed = parseDescriptor(text, 'btc');
      scripts.forEach((expected, i) =>
        expect(hex(descriptorScriptAt(parsed, 'btc', i).scriptPubKey), text.slice(0, 30)).toBe(expected),
      );
    }
  });

  it('refuses the BIP-383 invalid examples and Taproot', () => {
    expect(() =>
      parseDescriptor('multi(a,03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd)', 'btc'),
    ).toThrow();
    expect(() =>
      parseDescriptor('multi(0,03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd)', 'btc'),
    ).toThrow();
    expect(() =>
      parseDescriptor('multi(3,03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd)', 'btc'),
    ).toThrow();
    expect(() =>
      parseDescriptor('tr(03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd)', 'btc'),
    ).toThrow(/Taproot/);
  });
});
