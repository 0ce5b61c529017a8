import { describe, expect, it } from 'vitest';
import { SEGWIT_MULTISIG_2 as F } from '../trezor/trezor-psbt-fixtures';
import { mergeDeviceSignatures } from './multisig-psbt-merge';
import { fixturePsbt, fixtureSignatures, fixtureSignTx, hex } from './multisig-psbt-fixture';
import { multisigPsbtRequest, psbtNetwork } from './multisig-psbt-request';

describe('the device-neutral request and merge, on the firmware test test_send_multisig_2', () => {
  it("is the test's first sign_tx (without a coin name), and takes only the signer's signature", () => {
    const { psbt, children, keys } = fixturePsbt();
    const request = multisigPsbtRequest(psbt, 'btc-testnet', keys[1]!, keys);
    expect(request.tx).toEqual(fixtureSignTx());
    expect(request).toMatchObject({
      chain: 'btc-testnet',
      txid: F.txid,
      pubkeys: [hex(children[1]!.publicKey!)],
    });
    const sigs = fixtureSignatures();
    expect(() =>
      mergeDeviceSignatures(psbt, request, { signatures: [sigs.key1.der], serializedTx: '' }),
    ).toThrow(expect.objectContaining({ code: 'signer_mismatch' }));
    expect(
      mergeDeviceSignatures(psbt, request, { signatures: [sigs.key2.der], serializedTx: F.signedTx }),
    ).not.toBe(psbt);
  });

  it('names a chain it has no parameters for', () => {
    expect(() => psbtNetwork('doge' as never)).toThrow(
      expect.objectContaining({ code: 'hardware_blockchain' }),
    );
  });
});
