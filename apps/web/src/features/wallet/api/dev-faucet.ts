import type { FaucetReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

/** Dev mode only: funds an address on the devnet with test ETH and/or test USDT. */
export const devFaucet = (body: { address: string; eth?: string; usdt?: string }) =>
  api.post<FaucetReply>(`${V1}/dev/faucet`, body);
