import { networks, payments, Transaction } from 'bitcoinjs-lib';
import { HardwareErrorCode } from '@onekeyfe/hd-shared';
import { describe, expect, it } from 'vitest';
import {
  addPartialSignatures,
  buildSpendPsbt,
  deriveAddress,
  finalizePsbt,
  partialSignatures,
  type MultisigWallet,
} from '@keystead/chains';
import {
  fixturePsbt,
  fixtureSignatures,
  fixtureSignTx,
  hex,
  path,
  phrase,
} from '../psbt-device/multisig-psbt-fixture';
import type { DeviceSignedTx } from '../psbt-device/multisig-psbt-types';
import { withPreviousTransactions } from '../psbt-device/previous-transactions';
import type { OneKeyReply } from './onekey';
import { ONEKEY_SEGWIT_MULTISIG_2 as F } from './onekey-psbt-fixtures';
import {
  mergeOneKeySignatures,
  oneKeySignRequest,
  signPsbtWithOneKey,
  type OneKeyPsbtApi,
  type OneKeySignTxParams,
} from './onekey-psbt';

const ok = <T>(payload: T): OneKeyReply<T> => ({ success: true, payload });
const noPermission = async () => undefined;

/**
 * The stand-in's device identifiers. Not device data: the SDK names a USB device by its serial
 * (`connectId`) and the device by its features' `device_id`.
 */
const CONNECT_ID = 'stand-in-usb-serial';
const DEVICE_ID = 'stand-in-device-id';

/**
 * Stands in for OneKey's SDK: lists one device, and answers only a `btcSignTransaction` sent to
 * it whose parameters equal `expected` (the firmware test's request), with `reply` (the firmware
 * test's published signature). `calls` counts what reached it.
 */
function fixtureOneKey(expected: OneKeySignTxParams, reply: OneKeyReply<DeviceSignedTx>) {
  const calls: string[] = [];
  const api: OneKeyPsbtApi = {
    async searchDevices() {
      calls.push('searchDevices');
      return ok([{ connectId: CONNECT_ID, deviceId: null }]);
    },
    async getFeatures(connectId) {
      calls.push('getFeatures');
      expect(connectId).toBe(CONNECT_ID);
      return ok({ device_id: DEVICE_ID });
    },
    async btcSignTransaction(connectId, deviceId, params) {
      calls.push('btcSignTransaction');
      expect([connectId, deviceId]).toEqual([CONNECT_ID, DEVICE_ID]);
      expect(params).toEqual(expected);
      return reply;
    },
  };
  return { api, calls };
}

describe("OneKey signs a P2WSH multisig PSBT, answered from OneKey firmware's test_send_multisig_2", () => {
  it("sends the request the firmware test sends, and merges the device's signature", async () => {
    const { psbt, children, keys } = fixturePsbt();
    const sigs = fixtureSignatures();
    expect([sigs.key1.sighash, sigs.key2.sighash]).toEqual([0x01, 0x01]); // SIGHASH_ALL
    const expected: OneKeySignTxParams = { coin: 'Testnet', ...fixtureSignTx() } as OneKeySignTxParams;
    const request = oneKeySignRequest(psbt, 'btc-testnet', keys[1]!, keys);
    expect(request.params).toEqual(expected);
    expect(request.pubkeys).toEqual([hex(children[1]!.publicKey!)]);

    // The first sign_tx's reply: its signature is the 2h one in the published transaction; that
    // call's own serialized_tx is not published, so the stand-in answers with the final one.
    const first = fixtureOneKey(expected, ok({ signatures: [sigs.key2.der], serializedTx: F.signedTx }));
    const merged = await signPsbtWithOneKey(
      psbt,
      'btc-testnet',
      keys[1]!,
      keys,
      async () => first.api,
      noPermission,
    );
    expect(first.calls).toEqual(['searchDevices', 'getFeatures', 'btcSignTransaction']);
    expect(partialSignatures(merged, 'btc-testnet')).toEqual([
      { inputIndex: 0, pubkey: hex(children[1]!.publicKey!), signature: `${sigs.key2.der}01` },
    ]);
    expect(() =>
      addPartialSignatures(psbt, 'btc-testnet', partialSignatures(merged, 'btc-testnet')),
    ).not.toThrow();

    // The test's second signer (1h), through the SDK again; with both, the published transaction.
    const secondParams = {
      ...expected,
      inputs: [{ ...expected.inputs[0]!, address_n: path(F.secondSigner) }],
    };
    expect(oneKeySignRequest(merged, 'btc-testnet', keys[0]!, keys).params).toEqual(secondParams);
    const second = fixtureOneKey(secondParams, ok({ signatures: [sigs.key1.der], serializedTx: F.signedTx }));
    const both = await signPsbtWithOneKey(
      merged,
      'btc-testnet',
      keys[0]!,
      keys,
      async () => second.api,
      noPermission,
    );
    const final = finalizePsbt(both, 'btc-testnet');
    expect(final.hex).toBe(F.signedTx);
    expect(final.txid).toBe(F.txid);
  });

  it("refuses another key's signature, and names the device's refusal and a missing device", async () => {
    const { psbt, keys } = fixturePsbt();
    const sigs = fixtureSignatures();
    const request = oneKeySignRequest(psbt, 'btc-testnet', keys[1]!, keys);
    expect(() =>
      mergeOneKeySignatures(psbt, request, { signatures: [sigs.key1.der], serializedTx: '' }),
    ).toThrow(expect.objectContaining({ code: 'signer_mismatch' }));

    // A refusal on the device: the firmware's Failure_ActionCancelled, which hd-core turns into
    // HardwareErrorCode.ActionCancelled with hd-shared's message for it.
    const refused = fixtureOneKey(request.params, {
      success: false,
      payload: { error: 'Action cancelled by user', code: HardwareErrorCode.ActionCancelled },
    });
    await expect(
      signPsbtWithOneKey(psbt, 'btc-testnet', keys[1]!, keys, async () => refused.api, noPermission),
    ).rejects.toMatchObject({ code: 'wallet_user_reject' });

    const none: OneKeyPsbtApi = {
      searchDevices: async () => ok([]),
      getFeatures: async () => ok({}),
      btcSignTransaction: async () => {
        throw new Error('not reached');
      },
    };
    await expect(
      signPsbtWithOneKey(psbt, 'btc-testnet', keys[1]!, keys, async () => none, noPermission),
    ).rejects.toMatchObject({ code: 'no_device' });
  });

  it('needs the previous transactions (the SDK fetches none): refused before the device', async () => {
    const { psbt, keys } = fixturePsbt(false);
    let asked = false;
    await expect(
      signPsbtWithOneKey(
        psbt,
        'btc-testnet',
        keys[1]!,
        keys,
        async () => {
          asked = true;
          throw new Error('not reached');
        },
        noPermission,
      ),
    ).rejects.toMatchObject({ code: 'hardware_invalid_params' });
    expect(asked).toBe(false);
  });

  it("with the previous transactions the server gives (the card's path), the same request as the firmware test's", () => {
    const { psbt, prev, keys } = fixturePsbt(false);
    const completed = withPreviousTransactions(psbt, 'btc-testnet', [
      { txid: prev.getId(), hex: prev.toHex() },
    ]);
    expect(oneKeySignRequest(completed, 'btc-testnet', keys[1]!, keys)).toEqual(
      oneKeySignRequest(fixturePsbt(true).psbt, 'btc-testnet', keys[1]!, keys),
    );
  });
});

describe("OneKey request for our own builder's regtest PSBT (the request only; no device reply)", () => {
  const device = phrase('all all all all all all all all all all all all');
  const accounts = ["m/48'/1'/0'/2'", "m/48'/1'/1'/2'", "m/48'/1'/2'/2'"];
  const keys = accounts.map((account) => device.key(account));
  const wallet: MultisigWallet = { chain: 'btc-regtest', threshold: 2, keys };

  it("leaves out pubkeys_order and pays m/48' change by its address; the keys rebuild the script", () => {
    const inScript = deriveAddress(wallet, 0, 3);
    const prev = new Transaction();
    prev.addInput(Buffer.alloc(32, 7), 0);
    prev.addOutput(Buffer.from('6a', 'hex'), 0n);
    prev.addOutput(inScript.scriptPubKey, 1_000_000n);
    const recipient = payments.p2wpkh({
      pubkey: device.root.derive("m/84'/1'/0'/0/0").publicKey!,
      network: networks.regtest,
    }).address!;
    const built = buildSpendPsbt({
      wallet,
      utxos: [
        {
          txid: prev.getId(),
          vout: 1,
          value: 1_000_000n,
          branch: 0,
          index: 3,
          confirmations: 6,
          prevTxHex: prev.toHex(),
        },
      ],
      outputs: [{ address: recipient, value: 400_000n }],
      feeRate: 2,
      changeIndex: 1,
    });
    const { params } = oneKeySignRequest(built.psbt, 'btc-regtest', keys[0]!, keys);
    expect(params.coin).toBe('Regtest');
    expect(params.inputs[0]!.multisig).toEqual({
      pubkeys: inScript.derivations.map((d) => ({
        node: device.node(accounts[d.signerIndex]!),
        address_n: [0, 3],
      })),
      signatures: ['', '', ''],
      m: 2,
    });
    expect(params.inputs[0]!.address_n).toEqual([...path(accounts[0]!), 0, 3]);
    expect(params.outputs).toEqual([
      { address: recipient, amount: '400000', script_type: 'PAYTOADDRESS' },
      {
        address: deriveAddress(wallet, 1, 1).address,
        amount: String(built.change!.value),
        script_type: 'PAYTOADDRESS',
      },
    ]);
    expect(params.refTxs.map((tx) => tx.hash)).toEqual([prev.getId()]);
  });
});
