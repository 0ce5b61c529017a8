/**
 * A P2WSH multisig PSBT as a Trezor-family device's sign request (Trezor's protobuf
 * TxInputType/TxOutputType shapes, which Trezor Connect and OneKey's SDK both take), without what
 * each device's API adds (its coin names, its own fields).
 */

/** The Bitcoin-family chains a device request is built for (bitcoinjs parameters in multisig-psbt-request.ts). */
export type PsbtDeviceChain = 'btc' | 'btc-testnet' | 'btc-regtest' | 'ltc' | 'ltc-regtest';

/** A signer key as the server keeps it (`signing_keys` of a Bitcoin task). */
export interface BitcoinSignerKey {
  xpub: string;
  /** Master key fingerprint, 8 hex digits. */
  fingerprint: string;
  /** From the master to `xpub`, e.g. "m/48'/0'/0'/2'". */
  path: string;
}

/** HDNodeType: an extended public key by its fields (no version bytes). */
export interface DeviceHDNode {
  depth: number;
  /** The parent's fingerprint, as a number. */
  fingerprint: number;
  child_num: number;
  chain_code: string;
  public_key: string;
}

export interface DeviceMultisig {
  /** Keys in the order of the script (sortedmulti: sorted); the device keeps this order by default. */
  pubkeys: Array<{ node: DeviceHDNode; address_n: number[] }>;
  signatures: string[];
  m: number;
  /**
   * 1 (LEXICOGRAPHIC) when the script's keys are sorted (sortedmulti): Trezor firmware 2.8.7 /
   * 1.13.0 and later then sort the derived keys themselves and name the wallet by its keys in any
   * order, so change at another address is recognised. Omitted (PRESERVED) otherwise; older
   * firmware builds the same script from the keys in the order given. A device whose protocol
   * lacks the field leaves it out of its request (onekey-psbt.ts).
   */
  pubkeys_order?: 1;
}

export interface DeviceTxInput {
  address_n: number[];
  prev_hash: string;
  prev_index: number;
  amount: string;
  script_type: 'SPENDWITNESS';
  multisig: DeviceMultisig;
  sequence: number;
}

export type DeviceTxOutput =
  | { address: string; amount: string; script_type: 'PAYTOADDRESS' }
  | { address_n: number[]; amount: string; script_type: 'PAYTOWITNESS'; multisig: DeviceMultisig };

/** A previous transaction (RefTransaction with bin_outputs: Connect's and OneKey's SDK's shape). */
export interface DeviceRefTx {
  hash: string;
  version: number;
  inputs: Array<{ prev_hash: string; prev_index: number; script_sig: string; sequence: number }>;
  bin_outputs: Array<{ amount: string; script_pubkey: string }>;
  lock_time: number;
}

/** The transaction of a sign request, without the device API's coin name. */
export interface DeviceSignTx {
  inputs: DeviceTxInput[];
  outputs: DeviceTxOutput[];
  /** The previous transactions, when every input of the PSBT carries its own (non-witness UTXO). */
  refTxs?: DeviceRefTx[];
  locktime: number;
  version: number;
}

/** What a request was built from, to check the device's reply against. */
export interface DeviceRequestCheck {
  chain: PsbtDeviceChain;
  /** The unsigned transaction's id (the PSBT the reply is merged into must be the same). */
  txid: string;
  /** The signer's public key in each input, hex. */
  pubkeys: string[];
}

/** A device's reply: a DER signature (no sighash byte) per input, and the transaction. */
export interface DeviceSignedTx {
  signatures: string[];
  serializedTx: string;
}
