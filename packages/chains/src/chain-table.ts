import { ChainError } from './errors';
import type { ChainInfo } from './types';

const explorer = (base: string, txPath = 'tx', addressPath = 'address') => ({
  tx: `${base}/${txPath}/{hash}`,
  address: `${base}/${addressPath}/{address}`,
});

const evm = (
  chainId: number,
  name: string,
  nativeSymbol: string,
  explorerBase: string | null,
  flags: { testnet?: boolean; devnet?: boolean } = {},
): ChainInfo => ({
  key: String(chainId),
  chainId,
  family: 'EVM',
  name,
  nativeSymbol,
  nativeDecimals: 18,
  testnet: flags.testnet ?? false,
  devnet: flags.devnet ?? false,
  explorer: explorerBase ? explorer(explorerBase) : null,
  rpcEnv: `EVM_RPC_URL_${chainId}`,
});

/**
 * The one table of chains the product knows. `key` is what the database and the API store;
 * EVM keys are the decimal chain id. Explorer templates carry `{hash}` / `{address}`.
 * RPC endpoints come from the environment variable named in `rpcEnv`; without one the devnet
 * chains run locally (packages/devnet) and the others are unavailable.
 */
const TABLE: ChainInfo[] = [
  evm(31337, 'Devnet', 'ETH', null, { testnet: true, devnet: true }),
  evm(1, 'Ethereum', 'ETH', 'https://etherscan.io'),
  evm(11155111, 'Sepolia', 'ETH', 'https://sepolia.etherscan.io', { testnet: true }),
  evm(56, 'BNB Smart Chain', 'BNB', 'https://bscscan.com'),
  evm(137, 'Polygon', 'POL', 'https://polygonscan.com'),
  evm(42161, 'Arbitrum One', 'ETH', 'https://arbiscan.io'),
  evm(10, 'Optimism', 'ETH', 'https://optimistic.etherscan.io'),
  evm(8453, 'Base', 'ETH', 'https://basescan.org'),
  evm(43114, 'Avalanche C-Chain', 'AVAX', 'https://snowtrace.io'),
  {
    key: 'btc',
    chainId: 'btc',
    family: 'BTC',
    name: 'Bitcoin',
    nativeSymbol: 'BTC',
    nativeDecimals: 8,
    testnet: false,
    devnet: false,
    explorer: explorer('https://mempool.space'),
    rpcEnv: 'BTC_RPC_URL',
  },
  {
    key: 'btc-testnet',
    chainId: 'btc-testnet',
    family: 'BTC',
    name: 'Bitcoin Testnet',
    nativeSymbol: 'BTC',
    nativeDecimals: 8,
    testnet: true,
    devnet: false,
    explorer: explorer('https://mempool.space/testnet'),
    rpcEnv: 'BTC_TESTNET_RPC_URL',
  },
  {
    key: 'btc-regtest',
    chainId: 'btc-regtest',
    family: 'BTC',
    name: 'Bitcoin Regtest',
    nativeSymbol: 'BTC',
    nativeDecimals: 8,
    testnet: true,
    devnet: false,
    explorer: null,
    rpcEnv: 'BTC_REGTEST_RPC_URL',
  },
  {
    key: 'ltc',
    chainId: 'ltc',
    family: 'BTC',
    name: 'Litecoin',
    nativeSymbol: 'LTC',
    nativeDecimals: 8,
    testnet: false,
    devnet: false,
    explorer: explorer('https://litecoinspace.org'),
    rpcEnv: 'LTC_RPC_URL',
  },
  {
    key: 'ltc-regtest',
    chainId: 'ltc-regtest',
    family: 'BTC',
    name: 'Litecoin Regtest',
    nativeSymbol: 'LTC',
    nativeDecimals: 8,
    testnet: true,
    devnet: true,
    explorer: null,
    rpcEnv: 'LTC_REGTEST_RPC_URL',
  },
  {
    key: 'bch',
    chainId: 'bch',
    family: 'BTC',
    name: 'Bitcoin Cash',
    nativeSymbol: 'BCH',
    nativeDecimals: 8,
    testnet: false,
    devnet: false,
    explorer: explorer('https://blockchair.com/bitcoin-cash', 'transaction', 'address'),
    rpcEnv: 'BCH_RPC_URL',
  },
  {
    key: 'trx',
    chainId: 'trx',
    family: 'TRX',
    name: 'Tron',
    nativeSymbol: 'TRX',
    nativeDecimals: 6,
    testnet: false,
    devnet: false,
    explorer: explorer('https://tronscan.org/#', 'transaction', 'address'),
    rpcEnv: 'TRON_RPC_URL',
  },
  {
    key: 'trx-nile',
    chainId: 'trx-nile',
    family: 'TRX',
    name: 'Tron Nile Testnet',
    nativeSymbol: 'TRX',
    nativeDecimals: 6,
    testnet: true,
    devnet: false,
    explorer: explorer('https://nile.tronscan.org/#', 'transaction', 'address'),
    rpcEnv: 'TRON_NILE_RPC_URL',
  },
  {
    key: 'sol',
    chainId: 'sol',
    family: 'SOL',
    name: 'Solana',
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
    testnet: false,
    devnet: false,
    explorer: explorer('https://solscan.io', 'tx', 'account'),
    rpcEnv: 'SOLANA_RPC_URL',
  },
  {
    key: 'sol-devnet',
    chainId: 'sol-devnet',
    family: 'SOL',
    name: 'Solana Devnet',
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
    testnet: true,
    devnet: false,
    explorer: {
      tx: 'https://explorer.solana.com/tx/{hash}?cluster=devnet',
      address: 'https://explorer.solana.com/address/{address}?cluster=devnet',
    },
    rpcEnv: 'SOLANA_DEVNET_RPC_URL',
  },
  {
    key: 'xrp',
    chainId: 'xrp',
    family: 'XRP',
    name: 'XRP Ledger',
    nativeSymbol: 'XRP',
    nativeDecimals: 6,
    testnet: false,
    devnet: false,
    explorer: explorer('https://livenet.xrpl.org', 'transactions', 'accounts'),
    rpcEnv: 'XRPL_RPC_URL',
  },
  {
    key: 'xrp-testnet',
    chainId: 'xrp-testnet',
    family: 'XRP',
    name: 'XRP Ledger Testnet',
    nativeSymbol: 'XRP',
    nativeDecimals: 6,
    testnet: true,
    devnet: false,
    explorer: explorer('https://testnet.xrpl.org', 'transactions', 'accounts'),
    rpcEnv: 'XRPL_TESTNET_RPC_URL',
  },
];

export const CHAINS: readonly ChainInfo[] = Object.freeze(
  TABLE.map((info): ChainInfo =>
    Object.freeze({ ...info, explorer: info.explorer && Object.freeze(info.explorer) }),
  ),
);

const BY_KEY = new Map(CHAINS.map((info) => [info.key, info]));

/** The chain with this key, or undefined. */
export function chainByKey(key: string): ChainInfo | undefined {
  return BY_KEY.get(key);
}

/** The chain with this key; throws ChainError('UNSUPPORTED_CHAIN') when unknown. */
export function requireChain(key: string): ChainInfo {
  const info = BY_KEY.get(key);
  if (!info) throw new ChainError('UNSUPPORTED_CHAIN', `unknown chain key "${key}"`);
  return info;
}

/** An explorer link for a transaction or address, or null when the chain has no explorer. */
export function explorerUrl(info: ChainInfo, kind: 'tx' | 'address', value: string): string | null {
  if (!info.explorer) return null;
  return kind === 'tx'
    ? info.explorer.tx.replace('{hash}', encodeURIComponent(value))
    : info.explorer.address.replace('{address}', encodeURIComponent(value));
}
