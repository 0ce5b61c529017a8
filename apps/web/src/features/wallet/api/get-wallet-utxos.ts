import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletUtxo, WalletUtxos } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

export type { WalletUtxo, WalletUtxos };

/** GET /wallets/utxos: a Bitcoin-family wallet's unspent outputs and the tasks that lock them. */
export const fetchWalletUtxos = (walletId: number) =>
  api.get<WalletUtxos>(`${V1}/wallets/utxos`, { wallet_id: walletId });

export const walletUtxosQuery = (walletId: number) =>
  queryOptions({ queryKey: ['wallet', 'utxos', walletId], queryFn: () => fetchWalletUtxos(walletId) });

export const useWalletUtxos = (walletId: number, enabled = true) =>
  useQuery({ ...walletUtxosQuery(walletId), enabled: enabled && walletId > 0 });
