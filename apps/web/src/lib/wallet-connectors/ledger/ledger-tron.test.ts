import { TransportStatusError } from '@ledgerhq/errors';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { sha256 } from '@noble/hashes/sha256';
import { describe, expect, it, vi } from 'vitest';
import {
  chainByKey,
  createTronAdapter,
  createTronFamily,
  encoded,
  parseTronTransaction,
  recoverTronSigner,
  tronBase58,
  type TronRawData,
} from '@keystead/chains';
import { ledgerError } from './ledger-errors';
import { ledgerTron, TRON_LEDGER_PATH } from './ledger-tron';
import { TRX_TEST } from './ledger-tron-recordings';
import type { ApduExchange } from './ledger-transport';
import { replay, silentDevice } from './ledger-test-device';

/** The recorded reply's bytes: [65][public key][34][address ASCII] 9000, read here by hand. */
const recordedReply = Buffer.from(TRX_TEST.getAddress.split('<= ')[1]!.trim(), 'hex');
const recordedKey = recordedReply.subarray(1, 1 + recordedReply[0]!);

/** Independently of the page's code: base58check(0x41 + keccak256(x‖y)[12:]), tronweb's encoder. */
const tronAddressOfKey = (key: Uint8Array) =>
  tronBase58(`41${Buffer.from(keccak_256(key.subarray(1)).subarray(12)).toString('hex')}`);

/** Independently: secp256k1 recovery with @noble over a digest, v 0/1 or 27/28. */
function recoveredAddress(digest: Uint8Array, signature: string): string {
  const hex = signature.replace(/^0x/, '');
  const v = Number.parseInt(hex.slice(128), 16);
  const key = secp256k1.Signature.fromCompact(hex.slice(0, 128))
    .addRecoveryBit(v >= 27 ? v - 27 : v)
    .recoverPublicKey(digest);
  return tronAddressOfKey(key.toRawBytes(false));
}

/** The recorded raw data as the HTTP API's JSON (visible=false): the fields read from its bytes. */
const RECORDED_RAW_DATA = {
  ref_block_bytes: '3dce',
  ref_block_hash: '95da42177db00507',
  expiration: 1575712551000,
  data: Buffer.from(TRX_TEST.message).toString('hex'),
  contract: [
    {
      parameter: {
        value: {
          owner_address: '41c8599111f29c1e1e061265b4af93ea1f274ad78a',
          to_address: '41c8599111f29c1e1e061265b4af93ea1f274ad78a',
          amount: 100000000,
        },
        type_url: 'type.googleapis.com/protocol.TransferContract',
      },
      type: 'TransferContract',
    },
  ],
  timestamp: 1575712492061,
} as unknown as TronRawData;

describe('Ledger Tron app, replaying Ledger’s published recordings (hw-app-trx tests)', () => {
  it('reads the address at m/44’/195’/0’/0/0: the Tron address of the public key it returned', async () => {
    expect(TRON_LEDGER_PATH).toBe(TRX_TEST.path);
    const account = await ledgerTron.address(TRX_TEST.path, { exchange: await replay(TRX_TEST.getAddress) });
    expect(recordedKey).toHaveLength(65);
    expect(account.address).toBe(tronAddressOfKey(recordedKey));
    expect(account.address).toBe(TRX_TEST.address);
    expect(account.path).toBe(TRX_TEST.path);
  });

  it('signs raw data; the signature recovers over sha256(raw data) to that address', async () => {
    const exchange = await replay(TRX_TEST.getAddress, TRX_TEST.signTransaction);
    const signature = await ledgerTron.signTransaction(TRX_TEST.path, TRX_TEST.rawData, TRX_TEST.address, {
      exchange,
    });
    // The device's r‖s, its v (0/1) spelled 27/28 as tronweb and TronLink spell it.
    const device = TRX_TEST.signTransaction.split('<= ')[1]!.trim().slice(0, 130);
    expect(signature.slice(0, 128)).toBe(device.slice(0, 128));
    expect(Number.parseInt(signature.slice(128), 16)).toBe(Number.parseInt(device.slice(128), 16) + 27);
    const txId = sha256(Buffer.from(TRX_TEST.rawData, 'hex'));
    expect(recoveredAddress(txId, signature)).toBe(TRX_TEST.address);
    // The server's own recovery (tronweb's ecRecover), as it counts a Tron signature.
    expect(recoverTronSigner(Buffer.from(txId).toString('hex'), signature)).toBe(TRX_TEST.address);
    expect(recoverTronSigner(Buffer.from(txId).toString('hex'), device)).toBe(TRX_TEST.address);
  });

  it('signs a transaction JSON as the TronLink path submits it; the server parses and recovers it', async () => {
    // tronweb (the server's encoder) gives the recorded bytes from the JSON read off them.
    const unsigned = { ...encoded(RECORDED_RAW_DATA), signature: [] as string[], visible: false };
    expect(unsigned.raw_data_hex).toBe(TRX_TEST.rawData);
    const exchange = await replay(TRX_TEST.getAddress, TRX_TEST.signTransaction);
    const signed = await ledgerTron.signTransactionJson(
      TRX_TEST.path,
      JSON.stringify(unsigned),
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', TRX_TEST.address],
      { exchange },
    );
    const parsed = parseTronTransaction(signed);
    expect(parsed.txID).toBe(unsigned.txID);
    expect(parsed.signature).toHaveLength(1);
    expect(recoverTronSigner(parsed.txID, parsed.signature[0]!)).toBe(TRX_TEST.address);
    // The server's submission check, as if this were the task's stored transaction and the
    // device's account a signer (the clock set before the recorded expiration, Dec 2019).
    const family = createTronFamily(
      createTronAdapter({ info: chainByKey('trx')!, rpcUrl: 'http://127.0.0.1:9' }),
    );
    const wallet = {
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      threshold: 1,
      keys: {
        account: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
        signers: [{ address: TRX_TEST.address, weight: 1 }],
        threshold: 1,
      },
      nextReceiveIndex: 0,
      nextChangeIndex: 0,
    };
    const stored = {
      payload: JSON.stringify(unsigned),
      payloadHash: unsigned.txID,
      sequence: null,
      fee: { total: null, rate: null, vsize: null },
      inputs: [],
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(RECORDED_RAW_DATA.timestamp);
      const verified = await family.verifySubmission(wallet, stored, { signature: signed });
      expect(verified.map((v) => v.signerKey)).toEqual([TRX_TEST.address]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs the challenge (TIP-191); the server’s Tron verifier accepts what the dialog posts', async () => {
    const exchange = await replay(TRX_TEST.getAddress, TRX_TEST.signPersonalMessage);
    const signature = await ledgerTron.signChallenge(TRX_TEST.path, TRX_TEST.message, TRX_TEST.address, {
      exchange,
    });
    expect(signature).toMatch(/^0x[0-9a-f]{128}1[bc]$/);
    // Independently: keccak256("\x19TRON Signed Message:\n" + byte length + message).
    const body = Buffer.from(TRX_TEST.message, 'utf8');
    const digest = keccak_256(Buffer.concat([Buffer.from(`\x19TRON Signed Message:\n${body.length}`), body]));
    expect(recoveredAddress(digest, signature)).toBe(TRX_TEST.address);
    // The server's verifier (tronweb's verifyMessage in the Tron adapter); no node is asked.
    const adapter = createTronAdapter({ info: chainByKey('trx')!, rpcUrl: 'http://127.0.0.1:9' });
    await expect(adapter.verifyMessage(TRX_TEST.address, TRX_TEST.message, signature)).resolves.toBe(true);
    await expect(adapter.verifyMessage(TRX_TEST.address, `${TRX_TEST.message}.`, signature)).resolves.toBe(
      false,
    );
  });

  it('refuses an account that is not the expected signer before the device is asked to sign', async () => {
    // The replay holds getAddress only: a signing request would fail it.
    const stranger = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    await expect(
      ledgerTron.signChallenge(TRX_TEST.path, TRX_TEST.message, stranger, {
        exchange: await replay(TRX_TEST.getAddress),
      }),
    ).rejects.toMatchObject({ code: 'signer_mismatch' });
    await expect(
      ledgerTron.signTransactionJson(
        TRX_TEST.path,
        JSON.stringify({ ...encoded(RECORDED_RAW_DATA), signature: [] }),
        [stranger],
        { exchange: await replay(TRX_TEST.getAddress) },
      ),
    ).rejects.toMatchObject({ code: 'signer_mismatch' });
  });
});

describe('Ledger Tron app: nothing is sent for a bad request', () => {
  it('refuses a path of the wrong shape before asking the device', async () => {
    const { sent, exchange } = silentDevice();
    for (const path of ["44'/195'/0'/0/0", 'm', "m/44'/195'/0'/0/x", "m/2147483648'/195'/0'"]) {
      await expect(ledgerTron.address(path, { exchange })).rejects.toMatchObject({
        code: 'hardware_invalid_params',
      });
      await expect(ledgerTron.signChallenge(path, 'x', undefined, { exchange })).rejects.toMatchObject({
        code: 'hardware_invalid_params',
      });
      await expect(
        ledgerTron.signTransaction(path, TRX_TEST.rawData, undefined, { exchange }),
      ).rejects.toMatchObject({ code: 'hardware_invalid_params' });
    }
    await expect(ledgerTron.accounts([TRX_TEST.path, 'm/x'], { exchange })).rejects.toMatchObject({
      code: 'hardware_invalid_params',
    });
    expect(sent).toEqual([]);
  });

  it('refuses a transaction whose txID is not the sha256 of its raw data before asking the device', async () => {
    const { sent, exchange } = silentDevice();
    const tx = { ...encoded(RECORDED_RAW_DATA), signature: [] };
    const changed = JSON.stringify({ ...tx, raw_data_hex: tx.raw_data_hex.replace(/80c2d72f/, '80c2d730') });
    await expect(
      ledgerTron.signTransactionJson(TRX_TEST.path, changed, [TRX_TEST.address], { exchange }),
    ).rejects.toMatchObject({ code: 'hardware_invalid_params' });
    expect(sent).toEqual([]);
  });
});

describe('Ledger Tron app: status words', () => {
  const status = (code: number, step: 'connect' | 'sign' = 'sign') =>
    ledgerError(new TransportStatusError(code), step, 'tron').code;

  it('maps the app’s status words onto the client messages', () => {
    expect(status(0x6985)).toBe('wallet_user_reject'); // refused on the device
    expect(status(0x5515)).toBe('hardware_pin'); // locked
    expect(status(0x6982)).toBe('hardware_pin');
    expect(status(0x6e00)).toBe('app_mismatch'); // CLA not supported: another app is open
    expect(status(0x6d00)).toBe('app_mismatch');
    expect(status(0x6511)).toBe('app_mismatch'); // the dashboard
    expect(status(0x6a8b)).toBe('allow_transaction_data'); // "Transactions data" off
    expect(status(0x6a8d)).toBe('allow_transaction_data'); // "Custom contracts" off
    expect(status(0x6a8c)).toBe('allow_sign_by_hash');
    expect(status(0x6a8a, 'connect')).toBe('hardware_invalid_params'); // path refused
    expect(status(0x6a80)).toBe('allow_transaction_data'); // older apps: data / contract not allowed
    expect(status(0x6f00)).toBe('hardware_other');
    // The Ethereum app's mapping is unchanged by the Tron words.
    expect(ledgerError(new TransportStatusError(0x6a8b), 'sign').code).toBe('hardware_other');
  });

  it('names a status the transport raises while signing', async () => {
    for (const [code, message] of [
      [0x6985, 'wallet_user_reject'],
      [0x6e00, 'app_mismatch'],
      [0x6a8b, 'allow_transaction_data'],
    ] as const) {
      // The transport's own failure (as hw-transport raises it), after the recorded getAddress.
      const replayed = await replay(TRX_TEST.getAddress);
      const exchange: ApduExchange = async (apdu) => {
        if (apdu.startsWith('e002')) return replayed(apdu);
        throw new TransportStatusError(code);
      };
      await expect(
        ledgerTron.signTransaction(TRX_TEST.path, TRX_TEST.rawData, TRX_TEST.address, { exchange }),
      ).rejects.toMatchObject({ code: message });
    }
  });
});
