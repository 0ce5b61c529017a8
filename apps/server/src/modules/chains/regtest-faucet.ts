import { createBitcoinRpc, type BitcoinRpc } from '@keystead/chains';
import { LITECOIN_REGTEST_CSV_HEIGHT } from '@keystead/devnet';
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
  if (endpoint.chainId.startsWith('ltc')) await once(endpoint.rpcUrl, () => activateMweb(base, wallet));
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
 * Litecoin regtest activates MWEB (and buries CSV, BIP-68/112) at height 432, and that block must
 * carry a peg-in: without one, mining stops there for good ("bad-txns-vin-empty"). So the node is
 * taken past it once, with a peg-in from the faucet (devnet's mineToCsvActive does the same for a
 * node it started; this one is reached by RPC URL only); from then on timelocks are consensus too.
 */
async function activateMweb(base: BitcoinRpc, wallet: BitcoinRpc): Promise<void> {
  const height = await base.call<number>('getblockcount');
  if (height >= LITECOIN_REGTEST_CSV_HEIGHT) return;
  const own = await wallet.call<string>('getnewaddress');
  await base.call('generatetoaddress', [LITECOIN_REGTEST_CSV_HEIGHT - 1 - height, own]);
  const mweb = await wallet.call<string>('getnewaddress', ['', 'mweb']);
  await wallet.call('sendtoaddress', [mweb, 1]);
  await base.call('generatetoaddress', [1, own]);
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
