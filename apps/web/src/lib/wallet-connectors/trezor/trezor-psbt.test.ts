import { networks, payments, Psbt, script as bscript } from 'bitcoinjs-lib';
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  addPartialSignatures,
  bitcoinNetwork,
  buildSpendPsbt,
  deriveAddress,
  finalizePsbt,
  inputSighash,
  partialSignatures,
  readPsbt,
  signatureProgress,
  type MultisigWallet,
} from '@keystead/chains';
import type { TrezorReply } from './trezor';
import {
  mergeTrezorSignatures,
  signPsbtWithTrezor,
  trezorSignRequest,
  type TrezorPsbtApi,
  type TrezorSignedTx,
  type TrezorSignTxParams,
} from './trezor-psbt';
import { SEGWIT_MULTISIG_2 as F } from './trezor-psbt-fixtures';
import {
  fixturePsbt,
  fixtureSignatures,
  fixtureSignTx,
  hex,
  path,
  phrase,
} from '../psbt-device/multisig-psbt-fixture';

/** The published signatures as DER hex, each made with SIGHASH_ALL. */
function derSignatures() {
  const { key1, key2 } = fixtureSignatures();
  for (const sig of [key1, key2]) expect(sig.sighash).toBe(0x01);
  return { key1: key1.der, key2: key2.der };
}

const ok = <T>(payload: T): TrezorReply<T> => ({ success: true, payload });

/** What `test_send_multisig_2`'s first `sign_tx` sends, in Connect's shape. */
const fixtureRequest = (): TrezorSignTxParams => ({ coin: 'Testnet', ...fixtureSignTx() });

/** Stands in for Trezor Connect: answers only the fixture's request, with the fixture's signature. */
function fixtureTrezor(expected: TrezorSignTxParams, reply: TrezorSignedTx): TrezorPsbtApi {
  return {
    async signTransaction(params) {
      expect(params).toEqual(expected);
      return ok(reply);
    },
  };
}

describe('Trezor signs a P2WSH multisig PSBT, answered from test_send_multisig_2', () => {
  it('the PSBT built from the fixture spends its previous output and the phrase keys are its script', () => {
    const { prev, spent, witnessScript } = fixturePsbt();
    expect(prev.getId()).toBe(F.input.prev_hash);
    expect(hex(payments.p2wsh({ redeem: { output: witnessScript } }).output!)).toBe(hex(spent.script));
    expect(hex(fixtureSignatures().script)).toBe(hex(witnessScript));
  });

  it("builds the request the firmware test sends, and merges the device's signature", async () => {
    const { psbt, device, children } = fixturePsbt();
    const keys = F.accounts.map((account) => device.key(account));
    const request = trezorSignRequest(psbt, 'btc-testnet', keys[1]!, keys);
    expect(request.params).toEqual(fixtureRequest());
    expect(request.pubkeys).toEqual([hex(children[1]!.publicKey!)]);

    // The first sign_tx's reply: its signature is the 2h one in the published transaction (the
    // test stores it as signatures[1]); that call's own serialized_tx is not published, so the
    // stand-in answers with the final one (same inputs and outputs).
    const sigs = derSignatures();
    const merged = await signPsbtWithTrezor(psbt, 'btc-testnet', keys[1]!, keys, async () =>
      fixtureTrezor(fixtureRequest(), { signatures: [sigs.key2], serializedTx: F.signedTx }),
    );
    expect(partialSignatures(merged, 'btc-testnet')).toEqual([
      { inputIndex: 0, pubkey: hex(children[1]!.publicKey!), signature: `${sigs.key2}01` },
    ]);
    // The server's verifier takes it; the device's bytes equal the phrase key's RFC 6979 signature.
    expect(() =>
      addPartialSignatures(psbt, 'btc-testnet', partialSignatures(merged, 'btc-testnet')),
    ).not.toThrow();
    const digest = inputSighash(
      readPsbt(psbt, bitcoinNetwork('btc-testnet')),
      0,
      bitcoinNetwork('btc-testnet'),
    );
    expect(secp256k1.sign(digest, children[1]!.privateKey!).toDERHex()).toBe(sigs.key2);

    // The test's second signer (1h) the same way; with both, the published transaction, byte for byte.
    const second = trezorSignRequest(merged, 'btc-testnet', keys[0]!, keys);
    expect(second.params.inputs[0]!.address_n).toEqual(path(F.secondSigner));
    const both = mergeTrezorSignatures(merged, second, { signatures: [sigs.key1], serializedTx: F.signedTx });
    const final = finalizePsbt(both, 'btc-testnet');
    expect(final.hex).toBe(F.signedTx);
    expect(final.txid).toBe(F.txid);
  });

  it("refuses another key's signature, a signer outside the wallet and the device's refusal", async () => {
    const { psbt, device } = fixturePsbt();
    const keys = F.accounts.map((account) => device.key(account));
    const sigs = derSignatures();
    const request = trezorSignRequest(psbt, 'btc-testnet', keys[1]!, keys);
    expect(() => mergeTrezorSignatures(psbt, request, { signatures: [sigs.key1], serializedTx: '' })).toThrow(
      expect.objectContaining({ code: 'signer_mismatch' }),
    );
    const other = phrase(F.mnemonic).key("m/84'/1'/4'");
    expect(() => trezorSignRequest(psbt, 'btc-testnet', other, [...keys, other])).toThrow(
      expect.objectContaining({ code: 'signer_mismatch' }),
    );
    const refusing: TrezorPsbtApi = {
      signTransaction: async () => ({
        success: false,
        payload: { error: 'Cancelled', code: 'Failure_ActionCancelled' },
      }),
    };
    await expect(
      signPsbtWithTrezor(psbt, 'btc-testnet', keys[1]!, keys, async () => refusing),
    ).rejects.toMatchObject({ code: 'wallet_user_reject' });
  });
});

describe("Trezor request for our own builder's regtest PSBT (phrase key stands in, not a device reply)", () => {
  const device = phrase('all all all all all all all all all all all all');
  const accounts = ["m/48'/1'/0'/2'", "m/48'/1'/1'/2'", "m/48'/1'/2'/2'"];
  const keys = accounts.map((account) => device.key(account));
  const wallet: MultisigWallet = { chain: 'btc-regtest', threshold: 2, keys };
  const recipient = payments.p2wpkh({
    pubkey: device.root.derive("m/84'/1'/0'/0/0").publicKey!,
    network: networks.regtest,
  }).address!;

  /** What a deterministic (RFC 6979) device holding this phrase would answer: the phrase key signs. */
  const phraseReply = (psbt: string, account: string, branch: number, index: number): TrezorSignedTx => {
    const network = bitcoinNetwork('btc-regtest');
    const digest = inputSighash(readPsbt(psbt, network), 0, network);
    const key = device.root.derive(`${account}/${branch}/${index}`).privateKey!;
    return { signatures: [secp256k1.sign(digest, key).toDERHex()], serializedTx: '' };
  };

  it('names the change by its derivations, pays the recipient by address, and the server takes the signatures', () => {
    const built = buildSpendPsbt({
      wallet,
      utxos: [{ txid: 'ab'.repeat(32), vout: 1, value: 1_000_000n, branch: 0, index: 3, confirmations: 6 }],
      outputs: [{ address: recipient, value: 400_000n }],
      feeRate: 2,
      changeIndex: 1,
    });
    const request = trezorSignRequest(built.psbt, 'btc-regtest', keys[0]!, keys);
    // sortedmulti orders the keys differently at 0/3 (signers 1, 0, 2) and at 1/1 (0, 2, 1).
    const inScript = deriveAddress(wallet, 0, 3);
    const change = deriveAddress(wallet, 1, 1);
    const multisig = (branch: number, index: number, derived: typeof inScript) => ({
      pubkeys: derived.derivations.map((d) => ({
        node: device.node(accounts[d.signerIndex]!),
        address_n: [branch, index],
      })),
      signatures: ['', '', ''],
      m: 2,
      pubkeys_order: 1, // sortedmulti: firmware sorts the derived keys (LEXICOGRAPHIC)
    });
    expect(request.params).toEqual({
      coin: 'Regtest',
      inputs: [
        {
          address_n: [...path(accounts[0]!), 0, 3],
          prev_hash: 'ab'.repeat(32),
          prev_index: 1,
          amount: '1000000',
          script_type: 'SPENDWITNESS',
          multisig: multisig(0, 3, inScript),
          sequence: 0xfffffffd,
        },
      ],
      outputs: [
        { address: recipient, amount: '400000', script_type: 'PAYTOADDRESS' },
        {
          address_n: [...path(accounts[0]!), 1, 1],
          amount: String(built.change!.value),
          script_type: 'PAYTOWITNESS',
          multisig: multisig(1, 1, change),
        },
      ],
      locktime: 0,
      version: 2,
    });
    // The keys in the request rebuild the wallet's sortedmulti script, in its order.
    const rebuilt = bscript.compile([
      0x52,
      ...request.params.inputs[0]!.multisig.pubkeys.map(
        ({ node, address_n: [branch, index] }) =>
          new HDKey({
            publicKey: Buffer.from(node.public_key, 'hex'),
            chainCode: Buffer.from(node.chain_code, 'hex'),
          })
            .deriveChild(branch!)
            .deriveChild(index!).publicKey!,
      ),
      0x53,
      bscript.OPS.OP_CHECKMULTISIG!,
    ]);
    expect(hex(rebuilt)).toBe(hex(inScript.multisigScript));

    const first = mergeTrezorSignatures(built.psbt, request, phraseReply(built.psbt, accounts[0]!, 0, 3));
    expect(() =>
      addPartialSignatures(built.psbt, 'btc-regtest', partialSignatures(first, 'btc-regtest')),
    ).not.toThrow();
    expect(signatureProgress(first, 'btc-regtest')).toEqual([{ inputIndex: 0, valid: 1, threshold: 2 }]);
    const third = trezorSignRequest(first, 'btc-regtest', keys[2]!, keys);
    const both = mergeTrezorSignatures(first, third, phraseReply(first, accounts[2]!, 0, 3));
    expect(finalizePsbt(both, 'btc-regtest').fee).toBe(built.fee);
  });

  it("pays by address an output of another multisig with the signer's key (not the wallet's threshold)", () => {
    const built = buildSpendPsbt({
      wallet,
      utxos: [{ txid: 'cd'.repeat(32), vout: 0, value: 500_000n, branch: 0, index: 0, confirmations: 6 }],
      outputs: [{ address: recipient, value: 100_000n }],
      feeRate: 2,
      changeIndex: 0,
    });
    const other = deriveAddress({ ...wallet, threshold: 1 }, 1, 0);
    const psbt = Psbt.fromBase64(built.psbt, { network: networks.regtest });
    psbt.addOutput({
      script: other.scriptPubKey,
      value: 50_000n,
      witnessScript: other.multisigScript,
      bip32Derivation: other.derivations.map((d) => ({
        masterFingerprint: Buffer.from(d.fingerprint, 'hex'),
        pubkey: d.pubkey,
        path: d.path,
      })),
    });
    const { outputs } = trezorSignRequest(psbt.toBase64(), 'btc-regtest', keys[0]!, keys).params;
    expect(outputs.map((o) => o.script_type)).toEqual(['PAYTOADDRESS', 'PAYTOWITNESS', 'PAYTOADDRESS']);
    expect(outputs[2]).toEqual({ address: other.address, amount: '50000', script_type: 'PAYTOADDRESS' });
  });
});
