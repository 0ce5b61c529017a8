import type { MultisigWallet, SignerKey, BitcoinChainKey } from '@keystead/chains';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { jsonColumn } from '../../lib/json-column';

/** A Bitcoin-family wallet row as the adapter's m-of-n wallet. */
export function multisigOf(wallet: Wallet): MultisigWallet {
  if (!wallet.utxo_keys) throw new AppError('WALLET_STATUS_ERROR');
  const keys = jsonColumn(wallet.utxo_keys) as SignerKey[];
  return { chain: wallet.chain_key as BitcoinChainKey, threshold: wallet.threshold, keys };
}
