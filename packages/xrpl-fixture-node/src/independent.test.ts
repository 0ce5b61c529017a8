// Tests of the independent XRPL reader/verifier against published vectors (published-vectors.ts names
// each source), and of the test-only signer against that verifier.
import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1';
import { utf8ToBytes } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import { ASF } from './fixture-account-settings.js';
import { ACCOUNT_FLAGS, LSF_HIGH_RESERVE, LSF_LOW_RESERVE, LSF_ONE_OWNER_COUNT } from './fixture-ledger.js';
import {
  addressOfPublicKey,
  decodeBlob,
  decodeClassicAddress,
  ecdsaCanonicality,
  encodeTx,
  fromHex,
  isClassicAddress,
  signatureProblem,
  toHex,
  transactionHash,
  verifySignature,
} from './independent.js';
import {
  DOCS_MULTISIGNED,
  DOCS_MULTISIGNERS,
  DOCS_SUBMIT_PAYMENT,
  KEYPAIRS_API,
  XRPLJS_MEMO_PAYMENT,
  XRPLJS_PREPARED_PAYMENT,
} from './published-vectors.js';
import { ENGINE_RESULTS } from './results.js';
import { multisigned, signSingle, signerEntry, testKey } from './test-signer.js';

describe('classic addresses (RIPEMD160(SHA256(key)), base58check in the XRP alphabet)', () => {
  it('ripple-keypairs api.json: the secp256k1 and the ed25519 public keys give their published addresses', () => {
    expect(addressOfPublicKey(KEYPAIRS_API.secp256k1.publicKey)).toBe(KEYPAIRS_API.secp256k1.address);
    expect(addressOfPublicKey(KEYPAIRS_API.ed25519.publicKey)).toBe(KEYPAIRS_API.ed25519.address);
  });

  it('XRPL docs: the submit example key and the three submit_multisigned signer keys give their accounts', () => {
    expect(addressOfPublicKey(DOCS_SUBMIT_PAYMENT.signingPubKey)).toBe(DOCS_SUBMIT_PAYMENT.account);
    for (const s of DOCS_MULTISIGNERS) expect(addressOfPublicKey(s.publicKey)).toBe(s.address);
    expect(addressOfPublicKey('02A8A44DB3D4C73EEEE11DFE54D2029103B776AA8A8D293A91D645977C9DF5F544')).toBe(
      XRPLJS_PREPARED_PAYMENT.signerAddress,
    );
  });

  it('decoding an address gives the account id its blob carries (field 0x8114 of the docs payment)', () => {
    expect(toHex(decodeClassicAddress(DOCS_SUBMIT_PAYMENT.account))).toBe(DOCS_SUBMIT_PAYMENT.accountIdHex);
    expect(DOCS_SUBMIT_PAYMENT.txBlob).toContain(`8114${DOCS_SUBMIT_PAYMENT.accountIdHex}`);
  });

  it('a changed character breaks the checksum; other prefixes and keys are refused', () => {
    const address = KEYPAIRS_API.secp256k1.address;
    expect(isClassicAddress(address)).toBe(true);
    expect(isClassicAddress(`${address.slice(0, -1)}${address.endsWith('1') ? '2' : '1'}`)).toBe(false);
    expect(isClassicAddress('XVLhHMPHU98es4dbozjVtdWzVrDjtV5fdx1mHp98tDMoQXb')).toBe(false); // an X-address
    expect(() => addressOfPublicKey(`04${'11'.repeat(32)}`)).toThrow();
  });
});

describe('transaction ids (SHA-512Half of TXN\\0 ‖ blob)', () => {
  const vectors = [DOCS_SUBMIT_PAYMENT, XRPLJS_PREPARED_PAYMENT, XRPLJS_MEMO_PAYMENT, ...DOCS_MULTISIGNED];
  it.each(vectors.map((v, i) => [i, v] as const))(
    'published blob %i hashes to its published hash',
    (_, v) => {
      expect(transactionHash(v.txBlob)).toBe(v.hash);
      expect(encodeTx(decodeBlob(v.txBlob))).toBe(v.txBlob); // the codec gives back the same bytes
    },
  );
});

describe('signature checks (rippled STTx::checkSign, done with @noble)', () => {
  it('xrpl.js prepared payment: accepted; one byte of the Amount changed: "Invalid signature."', () => {
    const { txBlob, amountField } = XRPLJS_PREPARED_PAYMENT;
    expect(signatureProblem(decodeBlob(txBlob))).toBeUndefined();
    const tampered = txBlob.replace(amountField, `${amountField.slice(0, -1)}2`);
    expect(tampered).not.toBe(txBlob);
    expect(decodeBlob(tampered).Amount).toBe('2');
    expect(signatureProblem(decodeBlob(tampered))).toBe('Invalid signature.');
  });

  it('XRPL docs: the submit example (an IOU payment) and the memo payment verify', () => {
    expect(signatureProblem(decodeBlob(DOCS_SUBMIT_PAYMENT.txBlob))).toBeUndefined();
    expect(signatureProblem(decodeBlob(XRPLJS_MEMO_PAYMENT.txBlob))).toBeUndefined();
  });

  it('XRPL docs multisigned TrustSets verify; a changed limit, swapped or duplicated Signers do not', () => {
    for (const v of DOCS_MULTISIGNED) expect(signatureProblem(decodeBlob(v.txBlob))).toBeUndefined();
    const tx = decodeBlob(DOCS_MULTISIGNED[0]!.txBlob);
    const limit = tx.LimitAmount as Record<string, string>;
    expect(signatureProblem({ ...tx, LimitAmount: { ...limit, value: '101' } })).toBe(
      `Invalid signature on account ${DOCS_MULTISIGNERS[0]!.address}.`,
    );
    const signers = tx.Signers as unknown[];
    expect(signatureProblem({ ...tx, Signers: [...signers].reverse() })).toBe('Unsorted Signers array.');
    expect(signatureProblem({ ...tx, Signers: [signers[0], signers[0]] })).toBe(
      'Duplicate Signers not allowed.',
    );
    expect(signatureProblem({ ...tx, Signers: [] })).toBe('Invalid Signers array size.');
  });

  it('ripple-keypairs api.json: both "test message" signatures verify, and not over another message', () => {
    const message = utf8ToBytes(KEYPAIRS_API.message);
    for (const k of [KEYPAIRS_API.secp256k1, KEYPAIRS_API.ed25519]) {
      expect(verifySignature(k.publicKey, k.signature, message)).toBe(true);
      expect(verifySignature(k.publicKey, k.signature, utf8ToBytes('test messagf'))).toBe(false);
    }
  });

  it('strict DER: the high-S twin of a valid signature is only "canonical" and refused; padded R is malformed', () => {
    const { publicKey, signature } = KEYPAIRS_API.secp256k1;
    const der = ecdsaCanonicality(fromHex(signature))!;
    expect(der.form).toBe('fully-canonical');
    const highS = new secp256k1.Signature(der.r, secp256k1.CURVE.n - der.s).toDERHex().toUpperCase();
    expect(ecdsaCanonicality(fromHex(highS))?.form).toBe('canonical');
    expect(verifySignature(publicKey, highS, utf8ToBytes(KEYPAIRS_API.message))).toBe(false);
    const padded = `3045022100${signature.slice(8)}`; // R gains a needless 00 byte
    expect(ecdsaCanonicality(fromHex(padded))).toBeUndefined();
  });
});

describe('test signer (TEST-ONLY) against the independent verifier', () => {
  const keys = [testKey('secp256k1', 'independent-test a'), testKey('ed25519', 'independent-test b')];
  const tx = {
    TransactionType: 'Payment',
    Account: keys[0]!.address,
    Destination: keys[1]!.address,
    Amount: '1000000',
    Fee: '36',
    Sequence: 5,
  };

  it('keys are deterministic, 33 bytes, and their signatures verify (secp256k1 low-S)', () => {
    expect(testKey('secp256k1', 'independent-test a')).toMatchObject({ publicKey: keys[0]!.publicKey });
    expect(keys[0]!.publicKey).toMatch(/^0[23][0-9A-F]{64}$/);
    expect(keys[1]!.publicKey).toMatch(/^ED[0-9A-F]{64}$/);
    const bytes = utf8ToBytes('anything');
    for (const k of keys) expect(verifySignature(k.publicKey, k.sign(bytes), bytes)).toBe(true);
    expect(ecdsaCanonicality(fromHex(keys[0]!.sign(bytes)))?.form).toBe('fully-canonical');
  });

  it('signSingle and multisigned blobs pass the local checks; Signers come out sorted by account id', () => {
    expect(signatureProblem(decodeBlob(signSingle(tx, keys[0]!)))).toBeUndefined();
    const owner = testKey('secp256k1', 'independent-test owner').address;
    const multi = { ...tx, Account: owner };
    const blob = multisigned(multi, keys.map((k) => signerEntry(multi, k)).reverse());
    const decoded = decodeBlob(blob);
    expect(signatureProblem(decoded)).toBeUndefined();
    const ids = (decoded.Signers as { Signer: { Account: string } }[]).map((s) =>
      toHex(decodeClassicAddress(s.Signer.Account)),
    );
    expect([...ids].sort()).toEqual(ids);
  });
});

describe("the fixture's rippled constants match ripple-binary-codec's definitions.json (both from rippled)", () => {
  const definitions = createRequire(import.meta.url)('ripple-binary-codec/dist/enums/definitions.json') as {
    TRANSACTION_RESULTS: Record<string, number>;
    LEDGER_ENTRY_FLAGS: Record<string, Record<string, number>>;
    ACCOUNT_SET_FLAGS: Record<string, number>;
  };

  it('engine result codes', () => {
    for (const [name, [code]] of Object.entries(ENGINE_RESULTS)) {
      expect([name, definitions.TRANSACTION_RESULTS[name]]).toEqual([name, code]);
    }
  });

  it('ledger entry flags and AccountSet flags', () => {
    const flags = definitions.LEDGER_ENTRY_FLAGS;
    for (const [name, value] of Object.entries(ACCOUNT_FLAGS)) expect(flags.AccountRoot![name]).toBe(value);
    expect(flags.SignerList!.lsfOneOwnerCount).toBe(LSF_ONE_OWNER_COUNT);
    expect(flags.RippleState!.lsfLowReserve).toBe(LSF_LOW_RESERVE);
    expect(flags.RippleState!.lsfHighReserve).toBe(LSF_HIGH_RESERVE);
    const asf = definitions.ACCOUNT_SET_FLAGS;
    expect(ASF).toEqual({
      requireDest: asf.asfRequireDest,
      requireAuth: asf.asfRequireAuth,
      disallowXrp: asf.asfDisallowXRP,
      disableMaster: asf.asfDisableMaster,
      defaultRipple: asf.asfDefaultRipple,
      depositAuth: asf.asfDepositAuth,
    });
  });
});
