/**
 * The Bitcoin-family chains a Trezor signs a P2WSH multisig PSBT on, by the `coin_name` of
 * Trezor's coin definitions (trezor-firmware common/defs/bitcoin: bitcoin.json,
 * bitcoin_testnet.json, bitcoin_regtest.json, litecoin.json). Trezor has no Litecoin regtest
 * coin, and Bitcoin Cash's P2SH multisig is not offered here.
 */
export const TREZOR_BITCOIN_COINS = {
  btc: 'Bitcoin',
  'btc-testnet': 'Testnet',
  'btc-regtest': 'Regtest',
  ltc: 'Litecoin',
} as const;

export type TrezorBitcoinChain = keyof typeof TREZOR_BITCOIN_COINS;

export function isTrezorBitcoinChain(chain: string | null | undefined): chain is TrezorBitcoinChain {
  return typeof chain === 'string' && Object.hasOwn(TREZOR_BITCOIN_COINS, chain);
}
