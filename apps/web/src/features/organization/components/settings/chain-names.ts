/** Names of the chain ids a plan lists (the devnets' ids included). */
export const CHAIN_NAMES: Record<string, string> = {
  btc: 'Bitcoin',
  '1': 'Ethereum',
  trx: 'Tron',
  xrp: 'XRP Ledger',
  'xrp-testnet': 'XRP Ledger Testnet',
  '31337': 'EVM devnet',
  '11155111': 'Sepolia',
  'ltc-regtest': 'Litecoin regtest',
};
