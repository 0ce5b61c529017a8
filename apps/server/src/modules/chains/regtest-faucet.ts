import { createBitcoinRpc } from '@keystead/chains';
import { passCsvActivation } from '@keystead/devnet';
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
  // Litecoin regtest stops mining for good at MWEB's activation unless a peg-in is there: the
  // node is taken past it once (timelocks are consensus from then on).
  if (endpoint.chainId.startsWith('ltc'))
    await once(endpoint.rpcUrl, async () =>
      passCsvActivation(
        (method, params, named) => (named ? wallet : base).call(method, params),
        WALLET,
        await wallet.call<string>('getnewaddress'),
      ),
    );
  return { base, wallet };
}

const activated = new Map<string, Promise<void>>();

/** Runs `work` once per node (again after a failure). */
function once(key: string, work: () => Promise<void>): Promise<void> {
  let running = activated.get(key);
  if (!running) {
    running = work().catch((error: unknown) => {
      activated.delete(key);
      throw error;
    });
    activated.set(key, running);
  }
  return running;
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
