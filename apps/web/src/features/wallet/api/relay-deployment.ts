import type { DeployBroadcast } from '@keystead/contract/api/progress';
import { api, V1 } from '@/lib/api-client';

/**
 * POST /broadcast-wallet-deploy: a deployment a signer signed elsewhere (raw transaction); the
 * server relays it only if it is exactly the wallet's stored setup call.
 */
export const relayDeployment = (walletId: number, rawTx: string) =>
  api.post<DeployBroadcast>(`${V1}/broadcast-wallet-deploy`, { wallet_id: walletId, raw_tx: rawTx });
