/**
 * The Bitcoin-family chains a OneKey signs a P2WSH multisig PSBT on, by the coin names of OneKey's
 * SDK (hd-core's coin list; its getCoinInfo also takes the labels BTC, TEST, REGTEST, LTC) and of
 * OneKey's firmware (OneKeyHQ/firmware common/defs/bitcoin: bitcoin.json, bitcoin_testnet.json,
 * bitcoin_regtest.json, litecoin.json).
 */
export const ONEKEY_BITCOIN_COINS = {
  btc: 'Bitcoin',
  'btc-testnet': 'Testnet',
  'btc-regtest': 'Regtest',
  ltc: 'Litecoin',
} as const;

export type OneKeyBitcoinChain = keyof typeof ONEKEY_BITCOIN_COINS;

export function isOneKeyBitcoinChain(chain: string | null | undefined): chain is OneKeyBitcoinChain {
  return typeof chain === 'string' && Object.hasOwn(ONEKEY_BITCOIN_COINS, chain);
}
