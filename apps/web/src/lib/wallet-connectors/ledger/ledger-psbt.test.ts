import { TransportStatusError } from '@ledgerhq/errors';
import { Psbt, script as bscript, Transaction } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { describe, expect, it } from 'vitest';
import { buildSpendPsbt, deriveAddress, type MultisigWallet } from '@keystead/chains';
import { testSigner } from '@keystead/chains/bitcoin/test-signer';
import { mergeDeviceSignatures } from '../psbt-device/multisig-psbt-merge';
import { fixturePsbt } from '../psbt-device/multisig-psbt-fixture';
import { withPreviousTransactions } from '../psbt-device/previous-transactions';
import { SEGWIT_MULTISIG_2 as F } from '../trezor/trezor-psbt-fixtures';
import { ledgerError } from './ledger-errors';
import {
  ledgerPsbtRequest,
  ledgerSignatures,
  signPsbtWithLedger,
  type LedgerPsbtRequest,
} from './ledger-psbt';
import { BTC_LEGACY as R } from './ledger-psbt-recordings';
import { replay } from './ledger-test-device';

/** The device's key at 0'/0/0, compressed: the first key of the recorded script. */
const DEVICE_KEY = R.witnessScript.slice(4, 70);
const previous = Transaction.fromHex(R.previousTx);

/** The recorded spend as bitcoinjs builds it: the coin of output 0, one output, version 1. */
function recordedSpend(value: bigint = R.output.value): Transaction {
  const tx = new Transaction();
  tx.version = 1;
  tx.addInput(Uint8Array.from(previous.getHash()), 0, 0xffffffff);
  tx.addOutput(Buffer.from(R.output.script, 'hex'), value);
  return tx;
}

/** The recorded spend as the app's request (the form ledgerPsbtRequest gives for a PSBT). */
const recordedRequest = (pubkey = DEVICE_KEY): LedgerPsbtRequest => ({
  chain: 'btc',
  txid: recordedSpend().getId(),
  pubkeys: [pubkey],
  inputs: [{ previousTx: R.previousTx, vout: 0, witnessScript: R.witnessScript, sequence: 0xffffffff }],
  paths: [R.path],
  unsignedTx: recordedSpend().toHex(),
});

describe("Ledger's legacy Bitcoin-family app on recorded device replies (hw-app-btc's published tests)", () => {
  it('asks the recorded APDUs and returns a signature that verifies over the BIP-143 digest (bitcoinjs, tiny-secp256k1)', async () => {
    const [der] = await ledgerSignatures(recordedRequest(), {
      exchange: await replay(R.publicKey, R.sign),
    });
    // Independently of the page: bitcoinjs's digest and signature decoder, libsecp256k1's verify.
    const digest = recordedSpend().hashForWitnessV0(
      0,
      Buffer.from(R.witnessScript, 'hex'),
      previous.outs[0]!.value,
      Transaction.SIGHASH_ALL,
    );
    const decoded = bscript.signature.decode(Buffer.from(`${der}01`, 'hex'));
    expect(decoded.hashType).toBe(Transaction.SIGHASH_ALL);
    expect(ecc.verify(digest, Buffer.from(DEVICE_KEY, 'hex'), decoded.signature)).toBe(true);

    // Merged as the signer's partial signature; refused on a PSBT paying another amount.
    const psbt = (value: bigint) => {
      const built = new Psbt();
      built.setVersion(1);
      built.addInput({
        hash: previous.getId(),
        index: 0,
        witnessUtxo: previous.outs[0]!,
        witnessScript: Buffer.from(R.witnessScript, 'hex'),
      });
      built.addOutput({ script: Buffer.from(R.output.script, 'hex'), value });
      return built.toBase64();
    };
    const reply = { signatures: [der!], serializedTx: '' };
    const merged = Psbt.fromBase64(mergeDeviceSignatures(psbt(R.output.value), recordedRequest(), reply));
    expect(Buffer.from(merged.data.inputs[0]!.partialSig![0]!.pubkey).toString('hex')).toBe(DEVICE_KEY);
    const other = { ...recordedRequest(), txid: recordedSpend(4000n).getId() };
    expect(() => mergeDeviceSignatures(psbt(4000n), other, reply)).toThrow(
      expect.objectContaining({ code: 'signer_mismatch' }),
    );
  });

  it('refuses a Ledger whose key at the path is not the signer’s before anything is signed', async () => {
    // Only the public key is recorded: a signing APDU would fail the replay with another error.
    const exchange = await replay(R.publicKey);
    await expect(
      ledgerSignatures(recordedRequest(`02${'11'.repeat(32)}`), { exchange }),
    ).rejects.toMatchObject({
      code: 'signer_mismatch',
    });
  });

  it("names the app's refusals: denied on the device, locked, bad data", () => {
    const named = (status: number) => ledgerError(new TransportStatusError(status), 'sign', 'litecoin').code;
    expect(named(0x6985)).toBe('wallet_user_reject');
    expect(named(0x6982)).toBe('hardware_pin');
    expect(named(0x6a80)).toBe('hardware_invalid_params');
    expect(named(0x6d00)).toBe('app_mismatch');
  });
});

describe("the app's request from a task's PSBT and the inputs' previous transactions", () => {
  it('on the firmware test test_send_multisig_2: the signer’s path, the previous transaction, the script', () => {
    const { psbt, prev, witnessScript, keys } = fixturePsbt(false);
    const request = ledgerPsbtRequest(
      withPreviousTransactions(psbt, 'btc-testnet', [{ txid: prev.getId(), hex: prev.toHex() }]),
      'btc-testnet',
      keys[1]!,
      keys,
    );
    expect(request.paths).toEqual([F.input.address_n.replace(/^m\//, '')]);
    expect(request.inputs).toEqual([
      {
        previousTx: prev.toHex(),
        vout: F.input.prev_index,
        witnessScript: Buffer.from(witnessScript).toString('hex'),
        sequence: 0xffffffff,
      },
    ]);
    expect(Transaction.fromHex(request.unsignedTx).getId()).toBe(F.txid);
  });

  it('refuses a missing or wrong previous transaction, and a PSBT without them', () => {
    const { psbt, prev, keys } = fixturePsbt(false);
    expect(() => withPreviousTransactions(psbt, 'btc-testnet', [])).toThrow(
      expect.objectContaining({ code: 'hardware_invalid_params' }),
    );
    const wrong = Transaction.fromHex(prev.toHex());
    wrong.outs[F.input.prev_index]!.value += 1n;
    expect(() =>
      ledgerPsbtRequest(
        withPreviousTransactions(psbt, 'btc-testnet', [{ txid: prev.getId(), hex: wrong.toHex() }]),
        'btc-testnet',
        keys[1]!,
        keys,
      ),
    ).toThrow(expect.objectContaining({ code: 'hardware_invalid_params' }));
    expect(() => ledgerPsbtRequest(psbt, 'btc-testnet', keys[1]!, keys)).toThrow(
      expect.objectContaining({ code: 'hardware_invalid_params' }),
    );
  });

  it('on a Litecoin regtest PSBT the server builds: the signer’s key and path at each input', async () => {
    const signers = [1, 2, 3].map((n) => testSigner('ltc-regtest', new Uint8Array(32).fill(n)));
    const wallet: MultisigWallet = { chain: 'ltc-regtest', threshold: 2, keys: signers.map((s) => s.key) };
    const funding = new Transaction();
    funding.addInput(new Uint8Array(32).fill(7), 0);
    funding.addOutput(deriveAddress(wallet, 0, 3).scriptPubKey, 50_000_000n);
    const built = buildSpendPsbt({
      wallet,
      utxos: [{ txid: funding.getId(), vout: 0, value: 50_000_000n, branch: 0, index: 3 }],
      outputs: [{ address: deriveAddress(wallet, 0, 9).address, value: 10_000_000n }],
      feeRate: 2,
      changeIndex: 0,
    });
    const keys = signers.map((s) => s.key);
    const request = ledgerPsbtRequest(
      withPreviousTransactions(built.psbt, 'ltc-regtest', [{ txid: funding.getId(), hex: funding.toHex() }]),
      'ltc-regtest',
      keys[1]!,
      keys,
    );
    expect(request.paths).toEqual([`${keys[1]!.path.replace(/^m\//, '')}/0/3`]);
    expect(request.pubkeys).toEqual([
      Buffer.from(signers[1]!.master.derivePath(`${keys[1]!.path}/0/3`).publicKey).toString('hex'),
    ]);
  });

  it('is offered for Litecoin only: the other chains’ Ledger apps speak another protocol', async () => {
    const { psbt, keys } = fixturePsbt();
    await expect(signPsbtWithLedger(psbt, 'btc-testnet' as never, keys[1]!, keys, [])).rejects.toMatchObject({
      code: 'hardware_blockchain',
    });
  });
});
