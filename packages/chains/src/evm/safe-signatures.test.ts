import { concat, keccak256, numberToHex, toHex, zeroAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { isChainError, type ChainErrorCode } from '../errors';
import {
  encodeSafeSignatures,
  parseEcdsaSignature,
  recoverSafeTxSigner,
  SECP256K1_N,
  type SafeSignature,
} from './safe-signatures';
import {
  buildRejection,
  safeTxHash,
  safeTxHashViaViem,
  safeTxTypedData,
  safeTxFromTypedData,
} from './safe-tx';

const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const hash = keccak256(toHex('a safe tx'));

const expectCode = async (fn: () => unknown, code: ChainErrorCode) => {
  try {
    await fn();
    expect.unreachable(`expected ${code}`);
  } catch (e) {
    expect(isChainError(e, code), String(e)).toBe(true);
  }
};

const highS = (sig: Hex): Hex => {
  const r = sig.slice(2, 66);
  const s = BigInt(`0x${sig.slice(66, 130)}`);
  const v = Number.parseInt(sig.slice(130), 16);
  return concat([
    `0x${r}`,
    numberToHex(SECP256K1_N - s, { size: 32 }),
    toHex(v === 27 ? 28 : 27, { size: 1 }),
  ]);
};

describe('Safe signature parsing and encoding (no chain)', () => {
  it('recovers an EIP-712 (raw hash) signature and normalizes v 0/1 to 27/28', async () => {
    const sig = await owner.sign({ hash });
    const got = await recoverSafeTxSigner(hash, sig);
    expect(got).toEqual({ signer: owner.address, kind: 'eip712', signature: sig });
    const v01 = `${sig.slice(0, 130)}${sig.endsWith('1b') ? '00' : '01'}` as Hex;
    expect((await recoverSafeTxSigner(hash, v01)).signature).toBe(sig);
  });

  it('eth_sign: v 31/32, or v 27/28 with the eth_sign hint; stored as v + 4', async () => {
    const personal = await owner.signMessage({ message: { raw: hash } });
    const got = await recoverSafeTxSigner(hash, personal, 'eth_sign');
    expect(got.signer).toBe(owner.address);
    expect(got.kind).toBe('eth_sign');
    expect(['1f', '20']).toContain(got.signature.slice(-2));
    expect((await recoverSafeTxSigner(hash, got.signature)).signer).toBe(owner.address);
    // Read as EIP-712 the same bytes recover somebody else.
    expect((await recoverSafeTxSigner(hash, personal)).signer).not.toBe(owner.address);
  });

  it('malformed and high-s signatures are refused with typed errors', async () => {
    const sig = await owner.sign({ hash });
    await expectCode(() => recoverSafeTxSigner(hash, sig.slice(0, 128)), 'SIGNATURE_MALFORMED');
    await expectCode(() => recoverSafeTxSigner(hash, `${sig}00`), 'SIGNATURE_MALFORMED');
    await expectCode(() => recoverSafeTxSigner(hash, sig.replace(/.$/, 'g')), 'SIGNATURE_MALFORMED');
    await expectCode(() => recoverSafeTxSigner(hash, `${sig.slice(0, 130)}1d`), 'SIGNATURE_MALFORMED');
    await expectCode(() => recoverSafeTxSigner(hash, `0x${'00'.repeat(64)}1b`), 'SIGNATURE_MALFORMED');
    await expectCode(() => recoverSafeTxSigner(hash, highS(sig)), 'SIGNATURE_HIGH_S');
    // r that is not the x of a curve point: recovery itself fails.
    await expectCode(
      () => recoverSafeTxSigner(hash, `0x${'00'.repeat(31)}05${sig.slice(66)}`),
      'SIGNATURE_INVALID',
    );
    expect(parseEcdsaSignature(sig).v).toBeGreaterThanOrEqual(27);
  });

  it('encodes signatures sorted by owner, contract signatures as pointer + dynamic part', () => {
    const a = '0x1000000000000000000000000000000000000001';
    const b = '0x0B00000000000000000000000000000000000002';
    const c = '0xC000000000000000000000000000000000000003';
    const ecdsa = `0x${'11'.repeat(32)}${'22'.repeat(32)}1b` as Hex;
    const list: SafeSignature[] = [
      { signer: c, kind: 'eip1271', signature: '0xdeadbeef' },
      { signer: a, kind: 'eip712', signature: ecdsa },
      { signer: b, kind: 'approved_hash', signature: '0x' },
    ];
    const encoded = encodeSafeSignatures(list).slice(2);
    const part = (i: number) => encoded.slice(i * 130, (i + 1) * 130);
    expect(part(0)).toBe(`${'0'.repeat(24)}0b00000000000000000000000000000000000002${'0'.repeat(64)}01`);
    expect(part(1)).toBe(ecdsa.slice(2));
    // pointer = 3 × 65 = 195 = 0xc3
    expect(part(2)).toBe(`${'0'.repeat(24)}c000000000000000000000000000000000000003${'0'.repeat(62)}c300`);
    expect(encoded.slice(390)).toBe(`${'0'.repeat(63)}4deadbeef`);
    expect(() => encodeSafeSignatures([list[1]!, { ...list[1]!, signer: a.toLowerCase() as Hex }])).toThrow(
      /two signatures/,
    );
  });

  it('safeTxHash matches viem hashTypedData, and the typed-data payload round-trips', () => {
    const safe = '0x41675C099F32341bf84BFc5382aF534df5C7461a';
    const tx = { ...buildRejection(safe, 7n), value: 1n, data: '0xABCDEF' as Hex, gasToken: zeroAddress };
    expect(safeTxHash(1, safe, tx)).toBe(safeTxHashViaViem(1, safe, tx));
    expect(safeTxHash(1, safe, tx)).not.toBe(safeTxHash(10, safe, tx));
    const typed = JSON.parse(JSON.stringify(safeTxTypedData(1, safe, tx)));
    expect(typed.types.EIP712Domain).toEqual([
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ]);
    expect(safeTxHash(1, safe, safeTxFromTypedData(typed))).toBe(safeTxHash(1, safe, tx));
  });
});
