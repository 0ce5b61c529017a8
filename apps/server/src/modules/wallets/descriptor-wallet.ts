import type { MultisigWallet, SignerKey, BitcoinChainKey } from '@keystead/chains';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** A Bitcoin-family wallet row as the adapter's m-of-n wallet. */
export function multisigOf(wallet: Wallet): MultisigWallet {
  if (!wallet.utxo_keys) throw new AppError('WALLET_STATUS_ERROR');
  const keys = (
    typeof wallet.utxo_keys === 'string' ? JSON.parse(wallet.utxo_keys) : wallet.utxo_keys
  ) as SignerKey[];
  return { chain: wallet.chain_key as BitcoinChainKey, threshold: wallet.threshold, keys };
}

/** Addresses scanned for UTXOs: every index handed out so far plus a gap of 20. */
export function scanCounts(wallet: Wallet): { receiveCount: number; changeCount: number } {
  return { receiveCount: wallet.next_receive_index + 20, changeCount: wallet.next_change_index + 20 };
}
