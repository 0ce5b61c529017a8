import { networks, payments, Psbt, Transaction } from 'bitcoinjs-lib';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from 'viem/accounts';
import { bytesToHex } from 'viem/utils';
import { SEGWIT_MULTISIG_2 as F } from '../trezor/trezor-psbt-fixtures';
import type { BitcoinSignerKey, DeviceSignTx } from './multisig-psbt-types';

/**
 * For the tests only: the PSBT, keys and request of the firmware device test `test_send_multisig_2`
 * (trezor-psbt-fixtures.ts; OneKey's firmware carries the same test, onekey-psbt-fixtures.ts),
 * built here from the fixture's facts with bitcoinjs-lib and the fixture's phrase. Nothing in it is
 * a device reply but the published transaction's signatures (fixtureSignatures).
 */

const H = 0x80000000;
export const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2);
export const path = (text: string) =>
  text
    .replace(/^m\//, '')
    .split('/')
    .map((step) => (step.endsWith("'") ? Number(step.slice(0, -1)) + H : Number(step)));

/** Keys of a phrase (computed here, not a device reply): the accounts of the fixture's device. */
export function phrase(mnemonic: string, network = networks.testnet) {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic), network.bip32);
  const fingerprint = root.fingerprint.toString(16).padStart(8, '0');
  return {
    root,
    key: (account: string): BitcoinSignerKey => ({
      xpub: root.derive(account).publicExtendedKey,
      fingerprint,
      path: account,
    }),
    node: (account: string) => {
      const node = root.derive(account);
      return {
        depth: node.depth,
        fingerprint: node.parentFingerprint,
        child_num: node.index,
        chain_code: hex(node.chainCode!),
        public_key: hex(node.publicKey!),
      };
    },
  };
}

/**
 * The fixture's DER signatures (no sighash byte), from its published fully signed transaction
 * (witness: 0, sig of 1h, sig of 2h, script), with each one's sighash byte.
 */
export function fixtureSignatures() {
  const witness = Transaction.fromHex(F.signedTx).ins[0]!.witness;
  const der = (item: Uint8Array) => ({ der: hex(item.subarray(0, -1)), sighash: item[item.length - 1] });
  return { key1: der(witness[1]!), key2: der(witness[2]!), script: witness[3]! };
}

/** The PSBT of the fixture's spend (with its previous transaction), and the phrase's keys. */
export function fixturePsbt(withPrevTx = true) {
  const device = phrase(F.mnemonic);
  const fingerprint = Uint8Array.from(Buffer.from(device.key(F.accounts[0]!).fingerprint, 'hex'));
  const children = F.accounts.map((account) => device.root.derive(`${account}/0/1`));
  // The test's MultisigRedeemScriptType keeps the nodes' order: 2 <1h> <2h> <3h> 3 CHECKMULTISIG.
  const witnessScript = payments.p2ms({
    m: F.multisig.m,
    pubkeys: children.map((c) => c.publicKey!),
  }).output!;
  const prev = new Transaction();
  prev.version = F.prevTx.version;
  prev.locktime = F.prevTx.lock_time;
  for (const input of F.prevTx.inputs)
    prev.addInput(
      Buffer.from(input.prev_hash, 'hex').reverse(),
      input.prev_index,
      input.sequence,
      Buffer.from(input.script_sig, 'hex'),
    );
  for (const output of F.prevTx.bin_outputs)
    prev.addOutput(Buffer.from(output.script_pubkey, 'hex'), BigInt(output.amount));
  const spent = prev.outs[F.input.prev_index]!;
  const psbt = new Psbt({ network: networks.testnet });
  psbt.setVersion(1);
  psbt.setLocktime(0);
  psbt.addInput({
    hash: F.input.prev_hash,
    index: F.input.prev_index,
    sequence: 0xffffffff,
    witnessUtxo: { script: spent.script, value: spent.value },
    witnessScript,
    ...(withPrevTx ? { nonWitnessUtxo: prev.toBuffer() } : {}),
    bip32Derivation: children.map((child, i) => ({
      masterFingerprint: fingerprint,
      pubkey: child.publicKey!,
      path: `${F.accounts[i]}/0/1`,
    })),
  });
  psbt.addOutput({ address: F.output.address, value: BigInt(F.output.amount) });
  const keys = F.accounts.map((account) => device.key(account));
  return { psbt: psbt.toBase64(), prev, spent, witnessScript, device, children, keys };
}

/** What `test_send_multisig_2`'s first `sign_tx` sends, in the protobuf shapes (no coin name). */
export function fixtureSignTx(): DeviceSignTx {
  const device = phrase(F.mnemonic);
  return {
    inputs: [
      {
        address_n: path(F.input.address_n),
        prev_hash: F.input.prev_hash,
        prev_index: F.input.prev_index,
        amount: String(F.input.amount),
        script_type: 'SPENDWITNESS',
        // nodes=[…], address_n=[0, 1] in the per-key form: each node with the address's branch/index.
        multisig: {
          pubkeys: F.accounts.map((account) => ({
            node: device.node(account),
            address_n: F.multisig.address_n,
          })),
          signatures: ['', '', ''],
          m: F.multisig.m,
        },
        sequence: 0xffffffff, // TxInputType's default
      },
    ],
    outputs: [{ address: F.output.address, amount: String(F.output.amount), script_type: 'PAYTOADDRESS' }],
    refTxs: [
      {
        hash: F.input.prev_hash,
        version: F.prevTx.version,
        inputs: F.prevTx.inputs,
        bin_outputs: F.prevTx.bin_outputs.map((o) => ({ ...o, amount: String(o.amount) })),
        lock_time: F.prevTx.lock_time,
      },
    ],
    locktime: 0, // sign_tx's defaults
    version: 1,
  };
}
