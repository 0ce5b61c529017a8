import { createHmac, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UR } from '@ngraveio/bc-ur';
import {
  CryptoHDKey,
  CryptoKeypath,
  CryptoMultiAccounts,
  PathComponent,
  SignType,
  SolSignRequest,
  SolSignature,
} from '@keystonehq/bc-ur-registry-sol';
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { approveInstruction, proposeInstructions } from '@keystead/chains/solana/squads';
import { base58Encode } from '../solana-address';
import { UrCollector, urFrames } from './ur-codec';
import {
  approvalMessage,
  NotSignedBySigner,
  solAccountsFromUr,
  solSignatureFromUr,
  solSignRequestUr,
  withSignature,
  type SolQrAccount,
} from './sol-ur';

// Published vectors (facts, with their sources):
const VECTORS = {
  // KeystoneHQ/keystone-sdk-base@f3aa7c6c0d21f6bc9f51d8b8f61ff24856568a3c
  // packages/ur-registry-sol/__tests__/SolSignRequest.test.ts, "should construct an SolSignRequest
  // object from string": this transaction message as a Message request, path M/44'/501'/0'/0',
  // fingerprint 12345678, origin solflare.
  solData:
    '01000103c8d842a2f17fd7aab608ce2ea535a6e958dffa20caf669b347b911c4171965530f957620b228bae2b94c82ddd4c093983a67365555b737ec7ddc1117e61c72e0000000000000000000000000000000000000000000000000000000000000000010295cc2f1f39f3604718496ea00676d6a72ec66ad09d926e3ece34f565f18d201020200010c0200000000e1f50500000000',
  requestId: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  messageRequestUr:
    'ur:sol-sign-request/onadtpdagdndcawmgtfrkigrpmndutdnbtkgfssbjnaohdmtadaeadaxsptpfwoewnlbtspkrpaytodmonecolwlhdurzscxsgyninqdflrhbysschcfihgubsmdkocxprderdvorhgslfuttyrtmumkftioengogorlemwpkiuobychvacejpvtaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaebedthhsawnwfneenaajslrmtwdaeiojnimjpwpiypmastadsvlwpvlgwhfhecstdadaoaoaeadbnaoaeaeaeaevyykahaeaeaeaeaxtaaddyoeadlocsdwykcfadykykaeykaeykaocybgeehfksahisjkjljziyjzhsjpihamaovtfeidzt',
  // KeystoneHQ/keystone3-firmware@02af7a6897cdabf4695760f60ecf510ac65343ce rust/apps/solana/src/lib.rs
  // test_solana_sign: the device's signature of this message with the key at m/44'/501'/0' of this seed.
  firmwareSeed:
    '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  firmwareMessage:
    '010002041a93fffb26ce645adeae58f0f414c320bcec30ce12a66bd263a91ec9b3958ff46f345144d352e4190c2dec43e1d3e0296a49bdfc2594eed9d8a5902e22d0af8b00000000000000000000000000000000000000000000000000000000000000000306466fe5211732ffecadba72c39be7bc8ce5bbc5f7126b2c439b3a40000000f70a9d4448ef435c5beab6cbc4211e00ddb4b9ad84886385f8b7ccfb9d9e7ca40303000903d8d600000000000003000502400d0300020200010c020000008096980000000000',
  firmwareSignature:
    '9625b26df39be0a392cd2f0db075a238fe7bd98d181b8705bcc6c1c64f652294c54760af911cca245769489c30c12e44cf5e139ca71f1acc834eea4b63017b00',
};

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

/** An ed25519 key of Node's crypto (OpenSSL), independent of @noble/curves used by the code. */
function nodeKey(seed: Uint8Array) {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const secret = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const raw = createPublicKey(secret).export({ format: 'jwk' }).x!;
  return { secret, address: base58Encode(Buffer.from(raw, 'base64url')), public: createPublicKey(secret) };
}
const nodeSign = (secret: KeyObject, data: Uint8Array) => new Uint8Array(sign(null, data, secret));

/** SLIP-0010 ed25519 (hardened only), written out here from the specification. */
function slip10(seed: Uint8Array, path: number[]): Uint8Array {
  let node = createHmac('sha512', 'ed25519 seed').update(seed).digest();
  for (const index of path) {
    const data = Buffer.alloc(37);
    node.copy(data, 1, 0, 32);
    data.writeUInt32BE((index | 0x80000000) >>> 0, 33);
    node = createHmac('sha512', node.subarray(32)).update(data).digest();
  }
  return node.subarray(0, 32);
}

const read = (text: string, expected: string[]) => {
  const collector = new UrCollector(expected);
  expect(collector.receive(text)).toBe(true);
  return collector.result();
};

const reply = (signature: Uint8Array, requestId?: string) =>
  new SolSignature(
    Buffer.from(signature),
    requestId ? Buffer.from(requestId.replace(/-/g, ''), 'hex') : undefined,
  ).toUR();

describe('Solana URs (Keystone)', () => {
  it("writes Keystone's published sol-sign-request vector exactly", () => {
    const account = { address: '', path: "M/44'/501'/0'/0'", fingerprint: '12345678' };
    const ur = solSignRequestUr({
      kind: 'message',
      data: hex(VECTORS.solData),
      account,
      requestId: VECTORS.requestId,
      origin: 'solflare',
    });
    expect(urFrames(ur, 1000)).toEqual([VECTORS.messageRequestUr]);
  });

  it('a request for an approval reads back with the registry: bytes, path, fingerprint, id, type', () => {
    const data = hex(VECTORS.firmwareMessage);
    const account: SolQrAccount = { address: 'x', path: "m/44'/501'/2'/0'", fingerprint: 'a1b2c3d4' };
    const requestId = crypto.randomUUID();
    const [frame] = urFrames(solSignRequestUr({ kind: 'transaction', data, account, requestId }), 1000);
    const request = SolSignRequest.fromCBOR(read(frame!.toUpperCase(), ['sol-sign-request']).cbor);
    expect(Buffer.from(request.getSignData()).equals(Buffer.from(data))).toBe(true);
    expect(request.getDerivationPath()).toBe("44'/501'/2'/0'");
    const keypath = CryptoKeypath.fromDataItem(request.toDataItem().getData()[3]);
    expect(keypath.getSourceFingerprint()?.toString('hex')).toBe('a1b2c3d4');
    expect(request.getSignType()).toBe(SignType.Transaction);
    expect(request.getRequestId()!.toString('hex')).toBe(requestId.replace(/-/g, ''));
    expect(request.getOrigin()).toBe('Keystead');
  });

  it("accepts Keystone firmware's own signature (SLIP-0010 key of its test seed), only over its bytes", () => {
    const seed = hex(VECTORS.firmwareSeed);
    const { address } = nodeKey(slip10(seed, [44, 501, 0]));
    const message = hex(VECTORS.firmwareMessage);
    const signature = hex(VECTORS.firmwareSignature);
    const id = crypto.randomUUID();
    expect(solSignatureFromUr(reply(signature, id), id, message, address)).toEqual(signature);
    const other = message.slice();
    other[0] = other[0]! ^ 1;
    expect(() => solSignatureFromUr(reply(signature, id), id, other, address)).toThrow(
      /signature of these bytes/,
    );
  });

  it('a reply signed with the key (Node crypto) is returned; it verifies with Node crypto too', () => {
    const key = nodeKey(Uint8Array.from({ length: 32 }, (_, index) => index + 1));
    const data = new TextEncoder().encode('Keystead challenge\nnonce 42');
    const id = crypto.randomUUID();
    const [frame] = urFrames(reply(nodeSign(key.secret, data), id), 1000);
    const signature = solSignatureFromUr(read(frame!, ['sol-signature']), id, data, key.address);
    expect(verify(null, data, key.public, signature)).toBe(true);
  });

  it('refuses a reply to another request, without a request id, by another key, over other bytes, of another type', () => {
    const key = nodeKey(new Uint8Array(32).fill(7));
    const stranger = nodeKey(new Uint8Array(32).fill(9));
    const data = hex(VECTORS.solData);
    const id = crypto.randomUUID();
    const good = nodeSign(key.secret, data);
    expect(solSignatureFromUr(reply(good, id), id, data, key.address)).toEqual(good);
    expect(() => solSignatureFromUr(reply(good, crypto.randomUUID()), id, data, key.address)).toThrow(
      /request id/,
    );
    expect(() => solSignatureFromUr(reply(good), id, data, key.address)).toThrow(/request id/);
    expect(() =>
      solSignatureFromUr(reply(nodeSign(stranger.secret, data), id), id, data, key.address),
    ).toThrow(/signature of these bytes/);
    expect(() => solSignatureFromUr(reply(good, id), id, data, stranger.address)).toThrow(
      /signature of these bytes/,
    );
    expect(() => solSignatureFromUr(reply(good, id), id, data, stranger.address)).toThrow(NotSignedBySigner);
    expect(() => solSignatureFromUr(reply(good, id), id, data.slice(1), key.address)).toThrow(
      /signature of these bytes/,
    );
    expect(() => solSignatureFromUr(reply(good.slice(0, 63), id), id, data, key.address)).toThrow(/length/);
    const request = solSignRequestUr({ kind: 'message', data, account: solAccount(), requestId: id });
    expect(() => solSignatureFromUr(request, id, data, key.address)).toThrow(/sol-sign-request/);
  });

  it("reads the Solana keys of a crypto-multi-accounts export with the device's fingerprint", () => {
    const keys = [1, 2].map((index) => nodeKey(new Uint8Array(32).fill(index)));
    const hdKey = (address: string, path: number[]) =>
      new CryptoHDKey({
        isMaster: false,
        key: Buffer.from(new PublicKey(address).toBytes()),
        origin: new CryptoKeypath(path.map((index) => new PathComponent({ index, hardened: true }))),
      });
    const exported = new CryptoMultiAccounts(
      Buffer.from('f23f9fd2', 'hex'),
      [
        hdKey(keys[0]!.address, [44, 501, 0, 0]),
        hdKey(keys[1]!.address, [44, 501, 1]),
        hdKey(keys[1]!.address, [44, 60, 0]),
      ],
      'Keystone 3 Pro',
    ).toUR();
    const ur = read(urFrames(exported, 1000)[0]!, ['crypto-multi-accounts']);
    expect(solAccountsFromUr(ur)).toEqual([
      { address: keys[0]!.address, path: "m/44'/501'/0'/0'", fingerprint: 'f23f9fd2' },
      { address: keys[1]!.address, path: "m/44'/501'/1'", fingerprint: 'f23f9fd2' },
    ]);
    expect(() => solAccountsFromUr(new UR(Buffer.from('a0', 'hex'), 'crypto-hdkey'))).toThrow(/crypto-hdkey/);
  });

  it("an approval's message bytes are what is signed; the signature lands in the signer's slot", async () => {
    const payer = Keypair.generate();
    const key = nodeKey(new Uint8Array(32).fill(3));
    const signer = new PublicKey(key.address);
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: base58Encode(new Uint8Array(32).fill(5)),
      instructions: [
        {
          programId: Keypair.generate().publicKey,
          keys: [{ pubkey: signer, isSigner: true, isWritable: false }],
          data: Buffer.from([1]),
        },
      ],
    }).compileToV0Message();
    const wire = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
    const read = await approvalMessage(wire);
    expect(read.feePayer).toBe(payer.publicKey.toBase58());
    expect(Buffer.from(read.message).equals(Buffer.from(message.serialize()))).toBe(true);
    const signature = nodeSign(key.secret, read.message);
    const signed = VersionedTransaction.deserialize(
      Buffer.from(await withSignature(wire, key.address, signature), 'base64'),
    );
    expect(signed.signatures[1]).toEqual(signature);
    expect(verify(null, signed.message.serialize(), key.public, signed.signatures[1]!)).toBe(true);
    await expect(withSignature(wire, Keypair.generate().publicKey.toBase58(), signature)).rejects.toThrow(
      /does not sign/,
    );
  });

  it('names the Squads v4 methods of a first approval as the device does (built by the server code, @sqds/multisig)', async () => {
    const [multisig, payer, member, payee] = [1, 2, 3, 4].map(() => Keypair.generate().publicKey.toBase58());
    const inner = [
      { programId: new PublicKey(payee!), keys: [], data: Buffer.from([0]) },
    ] as unknown as Parameters<typeof proposeInstructions>[0]['inner'];
    const instructions = [
      ...proposeInstructions({ multisig: multisig!, sponsor: payer!, index: 3n, inner }),
      approveInstruction({ multisig: multisig!, index: 3n, member: member! }),
    ];
    const message = new TransactionMessage({
      payerKey: new PublicKey(payer!),
      recentBlockhash: base58Encode(new Uint8Array(32).fill(5)),
      instructions: instructions as unknown as TransactionMessage['instructions'],
    }).compileToV0Message();
    const wire = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
    const read = await approvalMessage(wire);
    expect(read.squads).toEqual(['VaultTransactionCreate', 'ProposalCreate', 'ProposalApprove']);
    expect(read.signers).toEqual([payer, member]);
  });
});

const solAccount = (): SolQrAccount => ({ address: 'x', path: "m/44'/501'/0'", fingerprint: '00000000' });
