import { TransportStatusError } from '@ledgerhq/errors';
import { ed25519 } from '@noble/curves/ed25519';
import { hmac } from '@noble/hashes/hmac';
import { pbkdf2 } from '@noble/hashes/pbkdf2';
import { sha256 } from '@noble/hashes/sha256';
import { sha512 } from '@noble/hashes/sha512';
import { base58 } from '@scure/base';
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { verifySolanaMessage } from '@keystead/chains';
import { ledgerError } from './ledger-errors';
import {
  challengeHashes,
  isSignedBy,
  ledgerSolana,
  offchainMessages,
  SOLANA_LEDGER_PATH,
  SOLANA_LEDGER_PATHS,
} from './ledger-solana';
import { SOL_SCAN, SOL_TEST, SPECULOS_SEED_PHRASE } from './ledger-solana-recordings';
import type { ApduExchange } from './ledger-transport';
import { replay, silentDevice } from './ledger-test-device';

/** Independently of the page's code: SLIP-0010 ed25519 private key of a hardened path from a BIP-39 phrase. */
function slip10Key(path: string): Uint8Array {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const seed = pbkdf2(sha512, utf8(SPECULOS_SEED_PHRASE.normalize('NFKD')), utf8('mnemonic'), {
    c: 2048,
    dkLen: 64,
  });
  let node = hmac(sha512, utf8('ed25519 seed'), seed);
  for (const level of path.split('/').slice(1)) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (Number.parseInt(level, 10) | 0x80000000) >>> 0);
    node = hmac(sha512, node.subarray(32), data);
  }
  return node.subarray(0, 32);
}
const publicKeyAt = (path: string) => ed25519.getPublicKey(slip10Key(path));
const addressAt = (path: string) => new PublicKey(publicKeyAt(path)).toBase58();

const hex = (text: string) => Buffer.from(text, 'hex');
/** The device's signature in a recording: its reply without the 9000 status. */
const recordedSignature = (recording: string) =>
  hex(recording.trim().split('<= ').at(-1)!.trim().slice(0, 128));
/** An unsigned wire transaction of one signer around a recorded message, as the server sends one (base64). */
const unsignedWire = (message: string) =>
  Buffer.concat([Buffer.of(1), Buffer.alloc(64), hex(message)]).toString('base64');

const ROOT = SOL_TEST.path;
const ROOT_ADDRESS = addressAt(ROOT);
const OTHER_ADDRESS = addressAt(SOL_SCAN.paths[1]!);

describe('Ledger Solana app, replaying Ledger’s published recordings', () => {
  it('offers Ledger Live’s and Phantom’s layouts, all hardened, and m/44’/501’', () => {
    expect(SOLANA_LEDGER_PATH).toBe("m/44'/501'/0'");
    expect(SOLANA_LEDGER_PATHS).toContain("m/44'/501'/4'");
    expect(SOLANA_LEDGER_PATHS).toContain("m/44'/501'/0'/0'");
    expect(SOLANA_LEDGER_PATHS).toContain(ROOT);
  });

  it('reads the address at m/44’/501’: base58 of the key SLIP-0010 gives the seed there', async () => {
    const account = await ledgerSolana.address(ROOT, { exchange: await replay(SOL_SCAN.root) });
    expect(account.address).toBe(ROOT_ADDRESS);
    expect(account.address).toBe(
      new PublicKey(hex(SOL_SCAN.root.split('<= ')[1]!.trim().slice(0, 64))).toBase58(),
    );
  });

  it('reads accounts in one session: each address is the seed’s key at its path', async () => {
    const exchange = await replay(SOL_SCAN.root, SOL_SCAN.first, SOL_SCAN.next);
    const accounts = await ledgerSolana.accounts(SOL_SCAN.paths, { exchange });
    expect(accounts.map((account) => account.path)).toEqual(SOL_SCAN.paths);
    expect(accounts.map((account) => account.address)).toEqual(SOL_SCAN.paths.map(addressAt));
    expect(new Set(accounts.map((account) => account.address)).size).toBe(4);
  });

  it('signs the message bytes of a transaction; the signature verifies with the key, as the server checks it', async () => {
    const wire = unsignedWire(SOL_TEST.message);
    const preview = await ledgerSolana.approvalPreview(wire);
    // What the app shows for a message it cannot read: base58(sha256(message)).
    expect(preview.messageHash).toBe(base58.encode(sha256(hex(SOL_TEST.message))));
    expect(preview.feePayer).toBe(ROOT_ADDRESS);
    const exchange = await replay(SOL_SCAN.root, SOL_TEST.signTransaction);
    const signed = Buffer.from(
      await ledgerSolana.signApproval(ROOT, wire, ROOT_ADDRESS, { exchange }),
      'base64',
    );
    // The device's signature in the signer's slot, the message untouched.
    expect(signed.subarray(1, 65)).toEqual(recordedSignature(SOL_TEST.signTransaction));
    expect(signed.subarray(65).toString('hex')).toBe(SOL_TEST.message);
    expect(ed25519.verify(signed.subarray(1, 65), hex(SOL_TEST.message), publicKeyAt(ROOT))).toBe(true);
    // The server's check of an approval: ed25519 over message.serialize() with the member's key.
    const tx = VersionedTransaction.deserialize(signed);
    expect(
      ed25519.verify(tx.signatures[0]!, tx.message.serialize(), new PublicKey(ROOT_ADDRESS).toBytes()),
    ).toBe(true);
  });

  it('signs a message longer than one APDU (sent in two parts)', async () => {
    const exchange = await replay(SOL_SCAN.root, SOL_TEST.signLongTransaction);
    const wire = unsignedWire(SOL_TEST.longMessage);
    const signed = Buffer.from(
      await ledgerSolana.signApproval(ROOT, wire, ROOT_ADDRESS, { exchange }),
      'base64',
    );
    expect(ed25519.verify(signed.subarray(1, 65), hex(SOL_TEST.longMessage), publicKeyAt(ROOT))).toBe(true);
  });

  it('signs the challenge as an off-chain message; the server’s Solana verifier accepts it', async () => {
    const exchange = await replay(SOL_SCAN.root, SOL_TEST.signOffchainMessage);
    const signature = await ledgerSolana.signChallenge(ROOT, SOL_TEST.offchainText, ROOT_ADDRESS, {
      exchange,
    });
    expect(base58.decode(signature)).toEqual(new Uint8Array(recordedSignature(SOL_TEST.signOffchainMessage)));
    // Independently: the first format's bytes, built here by hand.
    const text = Buffer.from(SOL_TEST.offchainText);
    const envelope = Buffer.concat([
      Buffer.from('\xffsolana offchain', 'latin1'),
      Buffer.of(0, 0, text.length, 0),
      text,
    ]);
    expect(ed25519.verify(base58.decode(signature), envelope, publicKeyAt(ROOT))).toBe(true);
    expect(verifySolanaMessage(ROOT_ADDRESS, SOL_TEST.offchainText, signature)).toBe(true);
    expect(verifySolanaMessage(ROOT_ADDRESS, `${SOL_TEST.offchainText} `, signature)).toBe(false);
    expect(verifySolanaMessage(OTHER_ADDRESS, SOL_TEST.offchainText, signature)).toBe(false);
  });
});

describe('Ledger Solana app: the challenge’s off-chain formats', () => {
  const challenge = 'Keystead signer address verification\nAddress: x\nNonce: 1';

  it('builds both formats so that the server accepts a signature of either (made here with the seed’s key)', () => {
    const key = publicKeyAt(ROOT);
    const { legacy, v0 } = offchainMessages(challenge, key);
    // Line breaks are not printable ASCII: format 1 in both.
    expect(legacy[17]).toBe(1);
    expect(v0[17 + 32]).toBe(1);
    for (const envelope of [legacy, v0]) {
      const signature = base58.encode(ed25519.sign(envelope, slip10Key(ROOT)));
      expect(verifySolanaMessage(ROOT_ADDRESS, challenge, signature)).toBe(true);
      expect(verifySolanaMessage(ROOT_ADDRESS, `${challenge}.`, signature)).toBe(false);
    }
  });

  it('says which hash each app shows: of the whole first-format message, or of the text', () => {
    const { legacy } = offchainMessages(challenge, publicKeyAt(ROOT));
    expect(challengeHashes(challenge, ROOT_ADDRESS)).toEqual({
      olderApp: base58.encode(sha256(legacy)),
      newerApp: base58.encode(sha256(Buffer.from(challenge))),
    });
  });

  it('sends version 0 when the app refuses the first format’s header (0x6a81, as newer apps answer)', async () => {
    // Status words as the app answers them (app-solana src/apdu.h): no signature is made up here.
    const address = await replay(SOL_SCAN.root);
    const sent: string[] = [];
    const exchange: ApduExchange = async (apdu) => {
      if (apdu.startsWith('e005')) return address(apdu);
      sent.push(apdu);
      return sent.length === 1 ? '6a81' : '6985';
    };
    await expect(
      ledgerSolana.signChallenge(ROOT, challenge, ROOT_ADDRESS, { exchange }),
    ).rejects.toMatchObject({
      code: 'wallet_user_reject',
    });
    const { legacy, v0 } = offchainMessages(challenge, publicKeyAt(ROOT));
    const path = '028000002c800001f5';
    expect(sent).toEqual([
      `e0070100${(10 + legacy.length).toString(16)}01${path}${Buffer.from(legacy).toString('hex')}`,
      `e0070100${(10 + v0.length).toString(16)}01${path}${Buffer.from(v0).toString('hex')}`,
    ]);
  });

  it('asks once when the first format is refused on the device (0x6985): no second prompt', async () => {
    const address = await replay(SOL_SCAN.root);
    const sent: string[] = [];
    const exchange: ApduExchange = async (apdu) => {
      if (apdu.startsWith('e005')) return address(apdu);
      sent.push(apdu);
      return '6985';
    };
    await expect(
      ledgerSolana.signChallenge(ROOT, challenge, ROOT_ADDRESS, { exchange }),
    ).rejects.toMatchObject({
      code: 'wallet_user_reject',
    });
    expect(sent).toHaveLength(1);
  });
});

describe('Ledger Solana app: refusals before anything is sent', () => {
  it('refuses a key at the path that is not the signer, before asking it to sign', async () => {
    // The replay holds the address only: a signing request would fail it.
    const wire = unsignedWire(SOL_TEST.message);
    await expect(
      ledgerSolana.signApproval(SOL_SCAN.paths[1]!, wire, ROOT_ADDRESS, {
        exchange: await replay(SOL_SCAN.first),
      }),
    ).rejects.toMatchObject({ code: 'signer_mismatch' });
    await expect(
      ledgerSolana.signChallenge(SOL_SCAN.paths[1]!, SOL_TEST.offchainText, ROOT_ADDRESS, {
        exchange: await replay(SOL_SCAN.first),
      }),
    ).rejects.toMatchObject({ code: 'signer_mismatch' });
  });

  it('refuses a transaction the signer does not sign, and malformed input, without asking the device', async () => {
    const { sent, exchange } = silentDevice();
    const wire = unsignedWire(SOL_TEST.message);
    await expect(ledgerSolana.signApproval(ROOT, wire, OTHER_ADDRESS, { exchange })).rejects.toMatchObject({
      code: 'signer_mismatch',
    });
    await expect(
      ledgerSolana.signApproval(ROOT, 'not base64!', ROOT_ADDRESS, { exchange }),
    ).rejects.toMatchObject({
      code: 'transaction_mismatch',
    });
    await expect(ledgerSolana.signChallenge(ROOT, 'x', 'not-an-address', { exchange })).rejects.toMatchObject(
      {
        code: 'hardware_invalid_params',
      },
    );
    expect(sent).toEqual([]);
  });

  it('refuses a path that is malformed or not hardened at every level', async () => {
    const { sent, exchange } = silentDevice();
    for (const path of ["44'/501'/0'", 'm', "m/44'/501'/0'/0", "m/44'/501'/x'", "m/2147483648'/501'"]) {
      await expect(ledgerSolana.address(path, { exchange })).rejects.toMatchObject({
        code: 'hardware_invalid_params',
      });
      await expect(
        ledgerSolana.signApproval(path, unsignedWire(SOL_TEST.message), ROOT_ADDRESS, { exchange }),
      ).rejects.toMatchObject({ code: 'hardware_invalid_params' });
    }
    await expect(ledgerSolana.accounts([ROOT, "m/44'/501'/0"], { exchange })).rejects.toMatchObject({
      code: 'hardware_invalid_params',
    });
    expect(sent).toEqual([]);
  });

  it('a recorded signature verifies only with its key over its exact bytes', () => {
    const message = hex(SOL_TEST.message);
    const signature = recordedSignature(SOL_TEST.signTransaction);
    expect(isSignedBy(message, signature, publicKeyAt(ROOT))).toBe(true);
    expect(isSignedBy(message, signature, publicKeyAt(SOL_SCAN.paths[1]!))).toBe(false);
    const changed = Buffer.from(message);
    changed[changed.length - 8] = 0x2b; // 43 lamports instead of 42
    expect(isSignedBy(changed, signature, publicKeyAt(ROOT))).toBe(false);
    expect(isSignedBy(message, signature.subarray(0, 63), publicKeyAt(ROOT))).toBe(false);
  });
});

describe('Ledger Solana app: status words', () => {
  const status = (code: number, step: 'connect' | 'sign' = 'sign') =>
    ledgerError(new TransportStatusError(code), step, 'solana').code;

  it('maps the app’s status words onto the client messages', () => {
    expect(status(0x6985)).toBe('wallet_user_reject');
    expect(status(0x5515)).toBe('hardware_pin');
    expect(status(0x6e00)).toBe('app_mismatch');
    expect(status(0x6d00)).toBe('app_mismatch'); // an app without off-chain signing
    expect(status(0x6808)).toBe('allow_transaction_data'); // "Blind signing" is off
    expect(status(0x6a80)).toBe('hardware_blockchain'); // a transaction the app cannot parse
    expect(status(0x6a81)).toBe('hardware_invalid_params');
    // The Ethereum and Tron mappings are unchanged by the Solana words.
    expect(ledgerError(new TransportStatusError(0x6808), 'sign').code).toBe('hardware_other');
    expect(ledgerError(new TransportStatusError(0x6a80), 'sign', 'tron').code).toBe('allow_transaction_data');
  });

  it('names "Blind signing is off", which hw-app-solana raises without its status word', async () => {
    const address = await replay(SOL_SCAN.root);
    const exchange: ApduExchange = async (apdu) => (apdu.startsWith('e005') ? address(apdu) : '6808');
    await expect(
      ledgerSolana.signApproval(ROOT, unsignedWire(SOL_TEST.message), ROOT_ADDRESS, { exchange }),
    ).rejects.toMatchObject({ code: 'allow_transaction_data' });
  });
});
