import { address as baddress, networks, payments, Psbt, script as bscript, Transaction } from 'bitcoinjs-lib';
import type { Network } from 'bitcoinjs-lib';
import { HDKey } from 'viem/accounts';
import { bytesToHex } from 'viem/utils';
import { WalletError } from '../types';
import type {
  BitcoinSignerKey,
  DeviceHDNode,
  DeviceMultisig,
  DeviceRefTx,
  DeviceRequestCheck,
  DeviceSignTx,
  DeviceTxInput,
  DeviceTxOutput,
  PsbtDeviceChain,
} from './multisig-psbt-types';

/**
 * A Bitcoin-family P2WSH multisig PSBT as a Trezor-family device's sign request (Trezor Connect's
 * `signTransaction`, OneKey's `btcSignTransaction`): every cosigner's extended key with the
 * address's branch/index, so the device rebuilds the script and recognises the change. Each
 * device module adds its API's coin name and its own fields (trezor-psbt.ts, onekey-psbt.ts).
 */

const HARDENED = 0x80000000;

const LITECOIN: Network = {
  messagePrefix: '\x19Litecoin Signed Message:\n',
  bech32: 'ltc',
  bip32: { public: 0x0488b21e, private: 0x0488ade4 },
  pubKeyHash: 0x30,
  scriptHash: 0x32,
  wif: 0xb0,
};

const LITECOIN_REGTEST: Network = {
  ...LITECOIN,
  bech32: 'rltc',
  bip32: networks.testnet.bip32,
  pubKeyHash: 0x6f,
  scriptHash: 0x3a,
  wif: 0xef,
};

/** bitcoinjs parameters; the server keeps every key as xpub (mainnets) or tpub (test networks). */
const NETWORKS: Record<PsbtDeviceChain, Network> = {
  btc: networks.bitcoin,
  'btc-testnet': networks.testnet,
  'btc-regtest': networks.regtest,
  ltc: LITECOIN,
  'ltc-regtest': LITECOIN_REGTEST,
};

export const invalid = (detail: string) => new WalletError('hardware_invalid_params', detail);
export const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2);
const txidOf = (hash: Uint8Array) => hex(Uint8Array.from(hash).reverse());
export const equalBytes = (a: Uint8Array, b: Uint8Array) => hex(a) === hex(b);

/** "m/48'/1'/0'/2'" (or h) → child numbers. */
function parsePath(path: string): number[] {
  const steps = path.trim().replace(/^m\/?/, '');
  if (steps === '') return [];
  return steps.split('/').map((step) => {
    const match = /^(\d+)(['hH]?)$/.exec(step);
    if (!match || Number(match[1]) >= HARDENED) throw invalid(`bad derivation path ${path}`);
    return Number(match[1]) + (match[2] ? HARDENED : 0);
  });
}

interface WalletKey {
  key: BitcoinSignerKey;
  steps: number[];
  node: HDKey;
}

function walletKey(key: BitcoinSignerKey, network: Network): WalletKey {
  let node: HDKey;
  try {
    node = HDKey.fromExtendedKey(key.xpub, network.bip32);
  } catch (error) {
    throw invalid(`not an extended public key of this network: ${String(error)}`);
  }
  return { key, steps: parsePath(key.path), node };
}

const hdNode = (node: HDKey): DeviceHDNode => ({
  depth: node.depth,
  fingerprint: node.parentFingerprint,
  child_num: node.index,
  chain_code: hex(node.chainCode!),
  public_key: hex(node.publicKey!),
});

type Derivation = { masterFingerprint: Uint8Array; pubkey: Uint8Array; path: string };

interface ScriptKeys {
  multisig: DeviceMultisig;
  /** The signer's full path and public key at this address (absent: not the signer's script). */
  signer?: { address_n: number[]; pubkey: Uint8Array };
}

/**
 * The m-of-n script's keys in script order, each found among the wallet's keys: the key whose
 * fingerprint and origin path the PSBT's BIP-32 derivation names and whose xpub derives exactly
 * that public key at the derivation's last two steps (branch/index).
 */
function scriptKeys(
  script: Uint8Array,
  derivations: Derivation[] | undefined,
  keys: WalletKey[],
  signer: WalletKey,
  what: string,
): ScriptKeys {
  const chunks = bscript.decompile(script);
  const last = chunks?.length ?? 0;
  if (!chunks || last < 4 || chunks[last - 1] !== bscript.OPS.OP_CHECKMULTISIG)
    throw invalid(`${what} is not a multisig script`);
  const first = chunks[0];
  const m = typeof first === 'number' ? first - 0x50 : NaN;
  const pubkeys = chunks.slice(1, -2);
  if (!(m >= 1 && m <= pubkeys.length) || chunks[last - 2] !== 0x50 + pubkeys.length)
    throw invalid(`${what} is not a k-of-n multisig script`);
  // Trezor's and OneKey's firmware take 1…15 keys (apps/bitcoin/multisig.py); our P2WSH wallets allow 16.
  if (pubkeys.length > 15) throw new WalletError('hardware_blockchain', `${what}: more than 15 keys`);
  let found: ScriptKeys['signer'];
  const entries = pubkeys.map((pubkey) => {
    if (!(pubkey instanceof Uint8Array)) throw invalid(`${what}: a key is not a push`);
    const derivation = derivations?.find((d) => equalBytes(d.pubkey, pubkey));
    if (!derivation) throw invalid(`${what}: no BIP-32 derivation for key ${hex(pubkey)}`);
    const path = parsePath(derivation.path);
    const tail = path.slice(-2);
    if (tail.length !== 2 || tail.some((step) => step >= HARDENED))
      throw invalid(`${what}: key ${hex(pubkey)} is not at …/branch/index`);
    const owner = keys.find(
      (k) =>
        k.key.fingerprint.toLowerCase() === hex(derivation.masterFingerprint) &&
        k.steps.length === path.length - 2 &&
        k.steps.every((step, i) => step === path[i]) &&
        equalBytes(k.node.deriveChild(tail[0]!).deriveChild(tail[1]!).publicKey!, pubkey),
    );
    if (!owner) throw invalid(`${what}: key ${hex(pubkey)} is not one of the wallet's keys`);
    if (owner === signer) found = { address_n: path, pubkey };
    return { node: hdNode(owner.node), address_n: tail };
  });
  const sorted = pubkeys.every(
    (key, i) => i === 0 || hex(pubkeys[i - 1] as Uint8Array) < hex(key as Uint8Array),
  );
  const multisig: DeviceMultisig = { pubkeys: entries, signatures: entries.map(() => ''), m };
  if (sorted && pubkeys.length > 1) multisig.pubkeys_order = 1;
  return { multisig, signer: found };
}

/** The same wallet (keys and threshold) as firmware compares them for change: ignoring the order when sorted. */
function sameWallet(a: DeviceMultisig, b: DeviceMultisig): boolean {
  const nodes = (m: DeviceMultisig) => {
    const list = m.pubkeys.map((p) => JSON.stringify(p.node));
    return m.pubkeys_order === 1 ? list.sort() : list;
  };
  return a.m === b.m && a.pubkeys_order === b.pubkeys_order && nodes(a).join() === nodes(b).join();
}

/** The previous transactions in Connect's shape, when every input carries its own; otherwise none. */
function refTransactions(psbt: Psbt): DeviceRefTx[] | undefined {
  const byHash = new Map<string, DeviceRefTx>();
  for (const [index, input] of psbt.data.inputs.entries()) {
    if (!input.nonWitnessUtxo) return undefined;
    const prev = Transaction.fromBuffer(input.nonWitnessUtxo);
    const outpoint = psbt.txInputs[index]!;
    const hash = txidOf(outpoint.hash);
    const spent = prev.outs[outpoint.index];
    if (
      prev.getId() !== hash ||
      !spent ||
      !input.witnessUtxo ||
      spent.value !== input.witnessUtxo.value ||
      !equalBytes(spent.script, input.witnessUtxo.script)
    )
      throw invalid(`input ${index}: its previous transaction does not match the outpoint`);
    byHash.set(hash, {
      hash,
      version: prev.version,
      inputs: prev.ins.map((i) => ({
        prev_hash: txidOf(i.hash),
        prev_index: i.index,
        script_sig: hex(i.script),
        sequence: i.sequence,
      })),
      bin_outputs: prev.outs.map((o) => ({ amount: o.value.toString(), script_pubkey: hex(o.script) })),
      lock_time: prev.locktime,
    });
  }
  return [...byHash.values()];
}

/** bitcoinjs's parameters of a chain a device request is built for. */
export function psbtNetwork(chain: PsbtDeviceChain): Network {
  const network = Object.hasOwn(NETWORKS, chain) ? NETWORKS[chain] : undefined;
  if (!network) throw new WalletError('hardware_blockchain', `no device PSBT signing on ${chain} here`);
  return network;
}

export interface MultisigPsbtRequest extends DeviceRequestCheck {
  /** The device's sign request without its API's coin name. */
  tx: DeviceSignTx;
}

export interface MultisigPsbtOptions {
  /**
   * Whether the device takes the wallet's change at this full path (`address_n`) as change;
   * otherwise that output is paid by its address (the device shows it like any other). Default: yes.
   */
  changeAt?: (addressN: number[]) => boolean;
}

/**
 * The exact device parameters (Trezor's protobuf shapes) for `signer` on a P2WSH multisig PSBT of
 * the wallet whose keys are `keys` (the task's `signing_keys`). Every input must be the wallet's
 * P2WSH multisig with the signer's key in it; an output whose script is the wallet's own P2WSH
 * multisig (proved by its BIP-32 derivations) is the change, the others are paid by address.
 */
export function multisigPsbtRequest(
  psbtBase64: string,
  chain: PsbtDeviceChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[] = [signer],
  options: MultisigPsbtOptions = {},
): MultisigPsbtRequest {
  const network = psbtNetwork(chain);
  let psbt: Psbt;
  try {
    psbt = Psbt.fromBase64(psbtBase64, { network });
  } catch (error) {
    throw invalid(`not a PSBT: ${String(error)}`);
  }
  const walletKeys = keys.map((key) => walletKey(key, network));
  let own = walletKeys.find((k) => k.key.xpub === signer.xpub);
  if (!own) {
    own = walletKey(signer, network);
    walletKeys.push(own);
  }

  if (psbt.txInputs.length === 0) throw invalid('the PSBT has no inputs');
  const pubkeys: string[] = [];
  const inputs = psbt.txInputs.map((outpoint, index): DeviceTxInput => {
    const input = psbt.data.inputs[index]!;
    const script = input.witnessScript;
    const utxo = input.witnessUtxo;
    if (!script || !utxo) throw invalid(`input ${index} is not a P2WSH input with its UTXO`);
    if (!equalBytes(payments.p2wsh({ redeem: { output: script } }).output!, utxo.script))
      throw invalid(`input ${index}: its witness script does not match the coin it spends`);
    const { multisig, signer: mine } = scriptKeys(
      script,
      input.bip32Derivation,
      walletKeys,
      own,
      `input ${index}`,
    );
    if (!mine) throw new WalletError('signer_mismatch', `the key is not a signer of input ${index}`);
    pubkeys.push(hex(mine.pubkey));
    return {
      address_n: mine.address_n,
      prev_hash: txidOf(outpoint.hash),
      prev_index: outpoint.index,
      amount: utxo.value.toString(),
      script_type: 'SPENDWITNESS',
      multisig,
      sequence: outpoint.sequence ?? 0xffffffff,
    };
  });

  const outputs = psbt.txOutputs.map((output, index): DeviceTxOutput => {
    const data = psbt.data.outputs[index]!;
    const amount = output.value.toString();
    const script = data.witnessScript;
    if (script && equalBytes(payments.p2wsh({ redeem: { output: script } }).output!, output.script)) {
      // Another multisig (not the wallet's keys or threshold) is paid by its address.
      let change: ScriptKeys | undefined;
      try {
        change = scriptKeys(script, data.bip32Derivation, walletKeys, own, `output ${index}`);
      } catch {
        change = undefined;
      }
      if (
        change?.signer &&
        sameWallet(change.multisig, inputs[0]!.multisig) &&
        (options.changeAt?.(change.signer.address_n) ?? true)
      )
        return {
          address_n: change.signer.address_n,
          amount,
          script_type: 'PAYTOWITNESS',
          multisig: change.multisig,
        };
    }
    let address: string;
    try {
      address = baddress.fromOutputScript(output.script, network);
    } catch {
      throw invalid(`output ${index} has no address the device can show`);
    }
    return { address, amount, script_type: 'PAYTOADDRESS' };
  });

  const tx = Transaction.fromBuffer(psbt.data.globalMap.unsignedTx.toBuffer());
  const refTxs = refTransactions(psbt);
  return {
    tx: {
      inputs,
      outputs,
      ...(refTxs ? { refTxs } : {}),
      locktime: tx.locktime,
      version: tx.version,
    },
    chain,
    txid: tx.getId(),
    pubkeys,
  };
}
