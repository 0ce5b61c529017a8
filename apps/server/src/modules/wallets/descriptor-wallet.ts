import type { MultisigWallet, SignerKey, BitcoinChainKey, WalletUtxo } from '@keystead/chains';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../context';

/** A Bitcoin-family wallet row as the adapter's m-of-n wallet. */
export function multisigOf(wallet: Wallet): MultisigWallet {
  if (!wallet.utxo_keys) throw new AppError('WALLET_STATUS_ERROR');
  const keys = (
    typeof wallet.utxo_keys === 'string' ? JSON.parse(wallet.utxo_keys) : wallet.utxo_keys
  ) as SignerKey[];
  return { chain: wallet.chain_key as BitcoinChainKey, threshold: wallet.threshold, keys };
}

export function isUtxoWallet(ctx: AppContext, wallet: Wallet): boolean {
  return ctx.chains.isUtxo(wallet.chain_key) && wallet.utxo_keys !== null;
}

/** Addresses scanned for UTXOs: every index handed out so far plus a gap of 20. */
export function scanCounts(wallet: Wallet): { receiveCount: number; changeCount: number } {
  return { receiveCount: wallet.next_receive_index + 20, changeCount: wallet.next_change_index + 20 };
}

export const outpointOf = (u: { txid: string; vout: number }): string => `${u.txid}:${u.vout}`;

/** UTXOs as stored (bigints as strings) and back. */
export function utxoToJson(u: WalletUtxo) {
  return {
    txid: u.txid,
    vout: u.vout,
    value: u.value.toString(),
    branch: u.branch,
    index: u.index,
    ...(u.prevTxHex ? { prevTxHex: u.prevTxHex } : {}),
  };
}
export function utxoFromJson(j: {
  txid: string;
  vout: number;
  value: string;
  branch: 0 | 1;
  index: number;
  prevTxHex?: string;
}): WalletUtxo {
  return {
    txid: j.txid,
    vout: j.vout,
    value: BigInt(j.value),
    branch: j.branch,
    index: j.index,
    ...(j.prevTxHex ? { prevTxHex: j.prevTxHex } : {}),
  };
}
