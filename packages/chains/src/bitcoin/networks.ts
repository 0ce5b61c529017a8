import type { Network } from 'bitcoinjs-lib';
import { BitcoinError } from './errors';

/** Chain keys of the Bitcoin family (chain-table.ts). */
export type BitcoinChainKey = 'btc' | 'btc-testnet' | 'btc-regtest' | 'ltc' | 'ltc-regtest' | 'bch';

/** Multisig script form: native segwit for BTC/LTC; BCH has no segwit, so plain P2SH. */
export type MultisigScriptType = 'p2wsh' | 'p2sh';

export interface BitcoinNetwork {
  key: BitcoinChainKey;
  /** bitcoinjs-lib parameters (address versions, bech32 prefix, xpub versions). */
  bitcoinjs: Network;
  /** Text of the signed-message magic, without its length byte. */
  messageMagic: string;
  testnet: boolean;
  scriptType: MultisigScriptType;
  /** The sighash type every signer must use: ALL, or ALL|FORKID on Bitcoin Cash. */
  sighashType: number;
  /** BIP-125 replace-by-fee is relayed (not on Bitcoin Cash). */
  rbf: boolean;
  /** Relay-policy rates in sat/vB: dust threshold rate, minimum relay, incremental relay. */
  dustRelaySatPerVb: number;
  minRelaySatPerVb: number;
  incrementalRelaySatPerVb: number;
  /** BIP-44 coin type, used for the default BIP-48 path. */
  coinType: number;
}

export const SIGHASH_ALL = 0x01;
export const SIGHASH_FORKID = 0x40;

const XPUB = { public: 0x0488b21e, private: 0x0488ade4 };
const TPUB = { public: 0x043587cf, private: 0x04358394 };

// Litecoin Core writes descriptors with xpub/tpub versions, so those are the canonical ones here;
// Ltub/Mtub and SLIP-132 versions are accepted as input and normalised (keys.ts).
const NETWORKS: Record<BitcoinChainKey, BitcoinNetwork> = {
  btc: {
    key: 'btc',
    bitcoinjs: {
      messagePrefix: '\x18Bitcoin Signed Message:\n',
      bech32: 'bc',
      bip32: XPUB,
      pubKeyHash: 0x00,
      scriptHash: 0x05,
      wif: 0x80,
    },
    messageMagic: 'Bitcoin Signed Message:\n',
    testnet: false,
    scriptType: 'p2wsh',
    sighashType: SIGHASH_ALL,
    rbf: true,
    dustRelaySatPerVb: 3,
    minRelaySatPerVb: 1,
    incrementalRelaySatPerVb: 1,
    coinType: 0,
  },
  'btc-testnet': {
    key: 'btc-testnet',
    bitcoinjs: {
      messagePrefix: '\x18Bitcoin Signed Message:\n',
      bech32: 'tb',
      bip32: TPUB,
      pubKeyHash: 0x6f,
      scriptHash: 0xc4,
      wif: 0xef,
    },
    messageMagic: 'Bitcoin Signed Message:\n',
    testnet: true,
    scriptType: 'p2wsh',
    sighashType: SIGHASH_ALL,
    rbf: true,
    dustRelaySatPerVb: 3,
    minRelaySatPerVb: 1,
    incrementalRelaySatPerVb: 1,
    coinType: 1,
  },
  'btc-regtest': {
    key: 'btc-regtest',
    bitcoinjs: {
      messagePrefix: '\x18Bitcoin Signed Message:\n',
      bech32: 'bcrt',
      bip32: TPUB,
      pubKeyHash: 0x6f,
      scriptHash: 0xc4,
      wif: 0xef,
    },
    messageMagic: 'Bitcoin Signed Message:\n',
    testnet: true,
    scriptType: 'p2wsh',
    sighashType: SIGHASH_ALL,
    rbf: true,
    dustRelaySatPerVb: 3,
    minRelaySatPerVb: 1,
    incrementalRelaySatPerVb: 1,
    coinType: 1,
  },
  // Litecoin Core relays BIP-125 replacements only when started with -mempoolreplacement=1
  // (off by default): a Litecoin speed-up needs such a node; elsewhere it is refused as
  // txn-mempool-conflict (BROADCAST_REJECTED_ERROR).
  ltc: {
    key: 'ltc',
    bitcoinjs: {
      messagePrefix: '\x19Litecoin Signed Message:\n',
      bech32: 'ltc',
      bip32: XPUB,
      pubKeyHash: 0x30,
      scriptHash: 0x32,
      wif: 0xb0,
    },
    messageMagic: 'Litecoin Signed Message:\n',
    testnet: false,
    scriptType: 'p2wsh',
    sighashType: SIGHASH_ALL,
    rbf: true,
    dustRelaySatPerVb: 3,
    minRelaySatPerVb: 1,
    incrementalRelaySatPerVb: 1,
    coinType: 2,
  },
  'ltc-regtest': {
    key: 'ltc-regtest',
    bitcoinjs: {
      messagePrefix: '\x19Litecoin Signed Message:\n',
      bech32: 'rltc',
      bip32: TPUB,
      pubKeyHash: 0x6f,
      scriptHash: 0x3a,
      wif: 0xef,
    },
    messageMagic: 'Litecoin Signed Message:\n',
    testnet: true,
    scriptType: 'p2wsh',
    sighashType: SIGHASH_ALL,
    rbf: true,
    dustRelaySatPerVb: 3,
    minRelaySatPerVb: 1,
    incrementalRelaySatPerVb: 1,
    coinType: 1,
  },
  // Legacy base58 addresses only (cashaddr is not produced or parsed); P2SH multisig;
  // sighash ALL|FORKID with the BIP-143-style digest; no RBF on Bitcoin Cash.
  bch: {
    key: 'bch',
    bitcoinjs: {
      messagePrefix: '\x18Bitcoin Signed Message:\n',
      bech32: '',
      bip32: XPUB,
      pubKeyHash: 0x00,
      scriptHash: 0x05,
      wif: 0x80,
    },
    messageMagic: 'Bitcoin Signed Message:\n',
    testnet: false,
    scriptType: 'p2sh',
    sighashType: SIGHASH_ALL | SIGHASH_FORKID,
    rbf: false,
    dustRelaySatPerVb: 3,
    minRelaySatPerVb: 1,
    incrementalRelaySatPerVb: 1,
    coinType: 145,
  },
};

export const BITCOIN_CHAIN_KEYS = Object.keys(NETWORKS) as BitcoinChainKey[];

export function isBitcoinChainKey(key: string): key is BitcoinChainKey {
  return key in NETWORKS;
}

/** Network parameters of a Bitcoin-family chain key; throws on any other key. */
export function bitcoinNetwork(key: string): BitcoinNetwork {
  if (!isBitcoinChainKey(key))
    throw new BitcoinError('INVALID_ARGUMENT', `not a Bitcoin-family chain: ${key}`);
  return NETWORKS[key];
}
