import type { TrezorReply } from './trezor';
import type { TREZOR_BITCOIN_COINS, TrezorBitcoinChain } from './trezor-coins';

/** The shapes of Trezor Connect's `signTransaction` for a P2WSH multisig PSBT (its own types, kept narrow). */

/** A signer key as the server keeps it (`signing_keys` of a Bitcoin task). */
export interface BitcoinSignerKey {
  xpub: string;
  /** Master key fingerprint, 8 hex digits. */
  fingerprint: string;
  /** From the master to `xpub`, e.g. "m/48'/0'/0'/2'". */
  path: string;
}

/** Connect's HDNodeType: an extended public key by its fields (no version bytes). */
export interface TrezorHDNode {
  depth: number;
  /** The parent's fingerprint, as a number. */
  fingerprint: number;
  child_num: number;
  chain_code: string;
  public_key: string;
}

export interface TrezorMultisig {
  /** Keys in the order of the script (sortedmulti: sorted); Connect's default keeps this order. */
  pubkeys: Array<{ node: TrezorHDNode; address_n: number[] }>;
  signatures: string[];
  m: number;
  /**
   * 1 (LEXICOGRAPHIC) when the script's keys are sorted (sortedmulti): firmware 2.8.7 / 1.13.0 and
   * later then sort the derived keys themselves and name the wallet by its keys in any order, so
   * change at another address is recognised. Omitted (PRESERVED) otherwise; older firmware builds
   * the same script from the keys in the order given.
   */
  pubkeys_order?: 1;
}

export interface TrezorTxInput {
  address_n: number[];
  prev_hash: string;
  prev_index: number;
  amount: string;
  script_type: 'SPENDWITNESS';
  multisig: TrezorMultisig;
  sequence: number;
}

export type TrezorTxOutput =
  | { address: string; amount: string; script_type: 'PAYTOADDRESS' }
  | { address_n: number[]; amount: string; script_type: 'PAYTOWITNESS'; multisig: TrezorMultisig };

/** Connect's RefTransaction (its `transformReferencedTransaction` shape). */
export interface TrezorRefTx {
  hash: string;
  version: number;
  inputs: Array<{ prev_hash: string; prev_index: number; script_sig: string; sequence: number }>;
  bin_outputs: Array<{ amount: string; script_pubkey: string }>;
  lock_time: number;
}

/** The parameters of Connect's `signTransaction` for one signer of a P2WSH multisig PSBT. */
export interface TrezorSignTxParams {
  coin: (typeof TREZOR_BITCOIN_COINS)[TrezorBitcoinChain];
  inputs: TrezorTxInput[];
  outputs: TrezorTxOutput[];
  /** The previous transactions, when every input of the PSBT carries its own (non-witness UTXO). */
  refTxs?: TrezorRefTx[];
  locktime: number;
  version: number;
}

/** What the request was built from, to check the device's reply against. */
export interface TrezorPsbtRequest {
  params: TrezorSignTxParams;
  chain: TrezorBitcoinChain;
  /** The unsigned transaction's id (the PSBT the reply is merged into must be the same). */
  txid: string;
  /** The signer's public key in each input, hex. */
  pubkeys: string[];
}

/** Connect's reply: a DER signature (no sighash byte) per input, and the transaction. */
export interface TrezorSignedTx {
  signatures: string[];
  serializedTx: string;
}

/** The part of Trezor Connect this module calls. */
export interface TrezorPsbtApi {
  signTransaction(params: TrezorSignTxParams): Promise<TrezorReply<TrezorSignedTx>>;
}
