import { api, V1 } from '@/lib/api-client';
import type { Deployment } from './types';

/** The wallet's initialization task: the Safe deployment transaction to send (while it is initializing). */
export const fetchDeployment = (walletId: number) =>
  api.post<Deployment>(`${V1}/task/wallet-init`, { wallet_id: walletId });
