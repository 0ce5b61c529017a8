import type { FaucetReply, UtxoFaucetReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

/** Dev mode only: funds an address on the devnet with test ETH and/or test USDT. */
export const devFaucet = (body: { address: string; eth?: string; usdt?: string }) =>
  api.post<FaucetReply>(`${V1}/dev/faucet`, body);

/** Dev mode only: coins from a local regtest node's faucet to an address, mined at once. */
export const devUtxoFaucet = (body: { chain_key: string; address: string; amount: string }) =>
  api.post<UtxoFaucetReply>(`${V1}/dev/utxo-faucet`, body);
