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
