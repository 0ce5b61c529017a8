import { api, V1 } from '@/lib/api-client';
import type { Deployment } from './types';

/** The Safe deployment transaction to send (while the wallet is initializing). */
export const fetchDeployment = (walletId: number) =>
  api.get<Deployment>(`${V1}/wallets/deployment`, { wallet_id: walletId });
