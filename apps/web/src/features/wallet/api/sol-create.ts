import { api, V1 } from '@/lib/api-client';

/**
 * POST /wallet-sol-deploy-broadcast-create: a signer asks the space's fee payer to create the
 * wallet's Squads multisig on chain (status 4 → 8; the watcher makes it 1 once the chain shows it).
 */
export const createSolWalletOnChain = (walletId: number) =>
  api.post<{ status: number; tx_hash: string }>(`${V1}/wallet-sol-deploy-broadcast-create`, {
    wallet_id: walletId,
  });
