import { address as baddress, networks, payments, Psbt, script as bscript, Transaction } from 'bitcoinjs-lib';
import type { Network } from 'bitcoinjs-lib';
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from 'viem/accounts';
import { bytesToHex, hexToBytes } from 'viem/utils';
import { WalletError } from '../types';
import { TREZOR_BITCOIN_COINS, type TrezorBitcoinChain } from './trezor-coins';
import { trezorConnect } from './trezor';
import { trezorError } from './trezor-errors';
import type {
  BitcoinSignerKey,
  TrezorHDNode,
  TrezorMultisig,
  TrezorPsbtApi,
  TrezorPsbtRequest,
  TrezorRefTx,
  TrezorSignedTx,
  TrezorTxInput,
  TrezorTxOutput,
} from './trezor-psbt-types';

export type * from './trezor-psbt-types';

/**
 * A Trezor signs one signer's part of a Bitcoin-family P2WSH multisig PSBT through Trezor
 * Connect's `signTransaction`. The PSBT is turned into Connect's inputs and outputs (every
 * cosigner's extended key with the address's branch/index, so the device rebuilds the script
 * and recognises the change), the device's DER signatures are checked against each input's
 * BIP-143 digest in the page and put back into the PSBT as this signer's partial signatures.
 */

const HARDENED = 0x80000000;
const SIGHASH_ALL = 0x01;

const LITECOIN: Network = {
  messagePrefix: '\x19Litecoin Signed Message:\n',
  bech32: 'ltc',
  bip32: { public: 0x0488b21e, private: 0x0488ade4 },
  pubKeyHash: 0x30,
  scriptHash: 0x32,
  wif: 0xb0,
};

/** bitcoinjs parameters; the server keeps every key as xpub (mainnets) or tpub (test networks). */
const NETWORKS: Record<TrezorBitcoinChain, Network> = {
  btc: networks.bitcoin,
  'btc-testnet': networks.testnet,
  'btc-regtest': networks.regtest,
  ltc: LITECOIN,
};

const invalid = (detail: string) => new WalletError('hardware_invalid_params', detail);
const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2);
const txidOf = (hash: Uint8Array) => hex(Uint8Array.from(hash).reverse());
const equalBytes = (a: Uint8Array, b: Uint8Array) => hex(a) === hex(b);

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

const hdNode = (node: HDKey): TrezorHDNode => ({
  depth: node.depth,
  fingerprint: node.parentFingerprint,
  child_num: node.index,
  chain_code: hex(node.chainCode!),
  public_key: hex(node.publicKey!),
});

type Derivation = { masterFingerprint: Uint8Array; pubkey: Uint8Array; path: string };

interface ScriptKeys {
  multisig: TrezorMultisig;
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
  // Trezor firmware takes 1…15 keys (apps/bitcoin/multisig.py); our P2WSH wallets allow 16.
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
  const multisig: TrezorMultisig = { pubkeys: entries, signatures: entries.map(() => ''), m };
  if (sorted && pubkeys.length > 1) multisig.pubkeys_order = 1;
  return { multisig, signer: found };
}

/** The same wallet (keys and threshold) as firmware compares them for change: ignoring the order when sorted. */
function sameWallet(a: TrezorMultisig, b: TrezorMultisig): boolean {
  const nodes = (m: TrezorMultisig) => {
    const list = m.pubkeys.map((p) => JSON.stringify(p.node));
    return m.pubkeys_order === 1 ? list.sort() : list;
  };
  return a.m === b.m && a.pubkeys_order === b.pubkeys_order && nodes(a).join() === nodes(b).join();
}

/** The previous transactions in Connect's shape, when every input carries its own; otherwise none. */
function refTransactions(psbt: Psbt): TrezorRefTx[] | undefined {
  const byHash = new Map<string, TrezorRefTx>();
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

/**
 * The exact Trezor Connect `signTransaction` parameters for `signer` on a P2WSH multisig PSBT of
 * the wallet whose keys are `keys` (the task's `signing_keys`). Every input must be the wallet's
 * P2WSH multisig with the signer's key in it; an output whose script is the wallet's own P2WSH
 * multisig (proved by its BIP-32 derivations) is the change, the others are paid by address.
 */
export function trezorSignRequest(
  psbtBase64: string,
  chain: TrezorBitcoinChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[] = [signer],
): TrezorPsbtRequest {
  const network = NETWORKS[chain];
  if (!network) throw new WalletError('hardware_blockchain', `Trezor does not sign ${chain} here`);
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
  const inputs = psbt.txInputs.map((outpoint, index): TrezorTxInput => {
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

  const outputs = psbt.txOutputs.map((output, index): TrezorTxOutput => {
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
      if (change?.signer && sameWallet(change.multisig, inputs[0]!.multisig))
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
    params: {
      coin: TREZOR_BITCOIN_COINS[chain],
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

/**
 * The PSBT with the device's signatures added as the signer's partial signatures. Each one must
 * verify (low S) against its input's BIP-143 digest for the signer's key; the reply's transaction,
 * when given, must have the PSBT's inputs and outputs. Anything else is refused as not the
 * signer's (`signer_mismatch`).
 */
export function mergeTrezorSignatures(
  psbtBase64: string,
  request: TrezorPsbtRequest,
  reply: TrezorSignedTx,
): string {
  const psbt = Psbt.fromBase64(psbtBase64, { network: NETWORKS[request.chain] });
  const tx = Transaction.fromBuffer(psbt.data.globalMap.unsignedTx.toBuffer());
  if (tx.getId() !== request.txid) throw invalid('the PSBT is not the one the request was built from');
  const mismatch = (detail: string) => new WalletError('signer_mismatch', detail);
  if (reply.signatures.length !== tx.ins.length) throw mismatch('one signature per input expected');
  if (reply.serializedTx) {
    let signed: Transaction;
    try {
      signed = Transaction.fromHex(reply.serializedTx);
    } catch {
      throw mismatch('the device returned an unreadable transaction');
    }
    const same =
      signed.version === tx.version &&
      signed.locktime === tx.locktime &&
      signed.ins.length === tx.ins.length &&
      signed.outs.length === tx.outs.length &&
      signed.ins.every(
        (i, n) =>
          equalBytes(i.hash, tx.ins[n]!.hash) &&
          i.index === tx.ins[n]!.index &&
          i.sequence === tx.ins[n]!.sequence,
      ) &&
      signed.outs.every((o, n) => o.value === tx.outs[n]!.value && equalBytes(o.script, tx.outs[n]!.script));
    if (!same) throw mismatch('the device signed another transaction');
  }
  reply.signatures.forEach((der, index) => {
    const input = psbt.data.inputs[index]!;
    const pubkey = hexToBytes(`0x${request.pubkeys[index]!}`);
    const digest = tx.hashForWitnessV0(index, input.witnessScript!, input.witnessUtxo!.value, SIGHASH_ALL);
    let valid = false;
    try {
      const signature = secp256k1.Signature.fromDER(der);
      valid = !signature.hasHighS() && secp256k1.verify(signature, digest, pubkey);
    } catch {
      valid = false;
    }
    if (!valid) throw mismatch(`input ${index}: the device's signature does not verify for the signer's key`);
    if ((input.partialSig ?? []).some((p) => equalBytes(p.pubkey, pubkey))) return;
    psbt.updateInput(index, {
      partialSig: [{ pubkey, signature: Uint8Array.from([...hexToBytes(`0x${der}`), SIGHASH_ALL]) }],
    });
  });
  return psbt.toBase64();
}

const connectApi = async (): Promise<TrezorPsbtApi> => (await trezorConnect()) as unknown as TrezorPsbtApi;

/**
 * Signs `signer`'s part of the PSBT on a Trezor: builds the request, asks the device through
 * Trezor Connect (loaded with the first use), checks and merges the signatures. Rejects with a
 * WalletError (§8 client message).
 */
export async function signPsbtWithTrezor(
  psbtBase64: string,
  chain: TrezorBitcoinChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[],
  api: () => Promise<TrezorPsbtApi> = connectApi,
): Promise<string> {
  const request = trezorSignRequest(psbtBase64, chain, signer, keys);
  let trezor: TrezorPsbtApi;
  try {
    trezor = await api();
  } catch (error) {
    throw new WalletError('hardware_connection', String(error));
  }
  const reply = await trezor.signTransaction(request.params);
  if (!reply.success) throw trezorError(reply.payload);
  return mergeTrezorSignatures(psbtBase64, request, reply.payload);
}
