import { createBitcoinRpc } from '@keystead/chains';
import type { UtxoChainEndpoint } from './chain-registry';

const WALLET = 'keystead-faucet';

/** A local regtest node's RPC, and its faucet wallet's (created on first use). */
export async function regtestFaucet(endpoint: UtxoChainEndpoint) {
  const url = new URL(endpoint.rpcUrl);
  if (endpoint.rpcUser) {
    url.username = encodeURIComponent(endpoint.rpcUser);
    url.password = encodeURIComponent(endpoint.rpcPassword ?? '');
  }
  const base = createBitcoinRpc(url.toString());
  url.pathname = `/wallet/${WALLET}`;
  const wallet = createBitcoinRpc(url.toString());
  await base.call('loadwallet', [WALLET]).catch(async (error: unknown) => {
    const message = String((error as Error).message);
    if (/not found|does not exist/i.test(message)) await base.call('createwallet', [WALLET]);
    else if (!/already loaded/i.test(message)) throw error;
  });
  return { base, wallet };
}

/**
 * Mines one block on a local regtest node when transactions wait in its mempool, so a transfer
 * broadcast in development confirms by itself (a real chain would mine it). Returns whether it mined.
 */
export async function mineWaitingTransactions(endpoint: UtxoChainEndpoint): Promise<boolean> {
  const { base, wallet } = await regtestFaucet(endpoint);
  const mempool = await base.call<{ size: number }>('getmempoolinfo');
  if (mempool.size === 0) return false;
  await base.call('generatetoaddress', [1, await wallet.call<string>('getnewaddress')]);
  return true;
}
