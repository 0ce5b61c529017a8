import type { WalletStatusReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

/** A signer reports the hash of the deployment it sent; the server confirms it from the chain. */
export const reportDeployment = (walletId: number, txHash: string) =>
  api.post<WalletStatusReply>(`${V1}/wallet-deploy-broadcast-create`, {
    wallet_id: walletId,
    tx_hash: txHash,
  });
